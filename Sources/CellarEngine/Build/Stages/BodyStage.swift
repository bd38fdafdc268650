import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// Renders the Markdown bodies whose source, URL or — when they link to other content — links
/// changed, on all cores; the others come from the memo. Sets each item's ``ContentItem/revision``.
struct BodyStage {
    /// One rendered body with what it was rendered from: reused while all of that is the same.
    struct Entry: Sendable {
        var id: String
        /// The item's file, address and language when it was rendered.
        var sourceHash: UInt64
        var url: URLPath
        var language: String
        /// The Markdown options and code highlighting it was rendered with (``BodyStage/renderingKey``).
        var renderingKey: UInt64
        /// Whether the body links to other content (so a change of any URL may change it).
        var dependsOnLinks: Bool
        var linksKey: UInt64
        /// Whether the body calls shortcodes (so the theme and settings it was drawn with count).
        var usesShortcodes = false
        var shortcodesKey: UInt64 = 0
        /// The files of `content/` its shortcodes drew from, with the hash of their text then.
        var dataFiles: [String: UInt64] = [:]
        var body: ContentItem.Body
        /// The item's ``ContentItem/revision`` with this body.
        var revision: UInt64
        var diagnostics: [Diagnostic]

        /// Whether the body is still what rendering `item` would give, under these links and shortcodes.
        func holds(for item: ContentItem, renderingKey: UInt64, linksKey: UInt64, shortcodes: ShortcodeRenderer) -> Bool {
            mayHold(for: item) && self.renderingKey == renderingKey
                && (!dependsOnLinks || self.linksKey == linksKey)
                && (!usesShortcodes || shortcodesKey == shortcodes.key)
                && dataFiles.allSatisfy { shortcodes.hashOfRead($0.key) == $0.value }
        }

        /// Whether the body was rendered from `item` as its file says now, where it is now (what
        /// can be told before every item's address is known).
        func mayHold(for item: ContentItem) -> Bool {
            sourceHash == item.sourceHash && url == item.url
                && language == item.language   // shortcodes speak it
        }
    }

    struct Memo: Sendable {
        var entries: [String: Entry] = [:]
        /// Ids of the entries that hold diagnostics (most hold none).
        var reporting: Set<String> = []
        /// Ids of the entries drawn from data files (a chart's CSV; most are not).
        var readers: Set<String> = []

        /// How many bodies were rendered since the memo was made (none: a memo read from
        /// ``KeptBodies`` that every body came from is still what the file holds).
        fileprivate(set) var rendered = 0
        /// Every body of the last complete run, in item order, for the next process (``KeptBodies``),
        /// in a build that keeps them for it but keeps nothing for a later build in this one: filed
        /// here in a list rather than by id in ``entries`` (which only a session finds them in again).
        var forNextProcess: [Entry] = []

        init(entries: [String: Entry] = [:]) {
            self.entries = entries
            reporting = Set(entries.values.lazy.filter { !$0.diagnostics.isEmpty }.map(\.id))
            readers = Set(entries.values.lazy.filter { !$0.dataFiles.isEmpty }.map(\.id))
        }

        /// What the bodies in the memo reported (a rebuild that reuses them reports it again).
        var diagnostics: [Diagnostic] { reporting.sorted().flatMap { entries[$0]?.diagnostics ?? [] } }

        mutating func keep(_ entry: Entry) {
            entries[entry.id] = entry
            if entry.diagnostics.isEmpty { reporting.remove(entry.id) } else { reporting.insert(entry.id) }
            if entry.dataFiles.isEmpty { readers.remove(entry.id) } else { readers.insert(entry.id) }
        }

        /// Whether a data file a kept body was drawn from has changed since (so that body must be drawn again).
        func dataFilesChanged(_ shortcodes: ShortcodeRenderer) -> Bool {
            readers.contains { id in
                entries[id]?.dataFiles.contains { shortcodes.hashOfRead($0.key) != $0.value } ?? false
            }
        }
    }

    var markdown: MarkdownRenderer
    var links: LinkResolver
    /// `links.fingerprint`, worked out by the caller once per model.
    var linksKey: UInt64
    var shortcodes: ShortcodeRenderer
    var highlighting: CodeBlockHighlighting?
    /// What the memo keeps for a later build (``BuildMemo/policy``).
    var policy = BuildMemo.Policy.keepForLaterBuilds
    /// Whether bodies keep every link and image written in them (``BodyReference``), for `cellar check`.
    var collectsReferences = false
    /// Whether every body goes to the next process (``KeptBodies``): listed in the memo
    /// (``Memo/forNextProcess``) though it is thrown away after this build.
    var keepsForNextProcess = false
    /// Whether the memo is thrown away after this build: nothing only a later build would use is kept.
    private var thisBuildOnly: Bool { policy == .thisBuildOnly }
    /// The Markdown options and whether code is highlighted: what every body is rendered with,
    /// besides its own inputs (a session keeps its bodies across an edit of the settings).
    var renderingKey: UInt64 {
        var hash = StableHash()
        hash.combine(markdown.options.rawValue)
        hash.combine(highlighting == nil ? 0 : 1)
        return hash.value
    }
    /// Whether the memo files every body rendered by id (else only those that reported something):
    /// a session finds them there again; a one-shot build lists those for the next process
    /// (``Memo/forNextProcess``) instead.
    private var filesEveryBody: Bool { !thisBuildOnly }
    /// Whether bodies are listed for the next process rather than filed by id.
    private var listsForNextProcess: Bool { thisBuildOnly && keepsForNextProcess }

    /// Renders the bodies of `items` (with those in `early`, rendered while parsing, taken as they are).
    /// - Parameter complete: whether `items` are all the site's items, so that the memo can forget others.
    func run(_ items: [ContentItem], early: [String: EarlyBody], complete: Bool, memo: inout Memo) async -> [ContentItem] {
        var results: [ContentItem?] = []
        results.reserveCapacity(items.count)
        var stale: [(Int, ContentItem)] = []
        var ready: [(Int, EarlyBody)] = []
        // In item order, for the next process: each entry taken as it was, nil where a body is rendered (filled in below).
        let lists = listsForNextProcess && complete
        var listed: [Entry?] = []
        if lists { listed.reserveCapacity(items.count) }
        for (index, item) in items.enumerated() {
            if let entry = memo.entries[item.id], entry.holds(for: item, renderingKey: renderingKey, linksKey: linksKey, shortcodes: shortcodes),
               !collectsReferences || entry.body.references != nil {
                // The body as it was, under what the file says now (settings it inherits may have changed).
                let source = thisBuildOnly ? item.withoutMarkdown().source : item.source
                results.append(ContentItem(source: source, body: entry.body, revision: entry.revision))
                if lists { listed.append(entry) }
                continue
            }
            results.append(nil)
            if lists { listed.append(nil) }
            if let body = early[item.id], !collectsReferences || body.item.body.references != nil {
                ready.append((index, body))
            } else {
                stale.append((index, item))
            }
        }
        let renderer = BodyRenderer(markdown: markdown, links: links, shortcodes: shortcodes, highlighting: highlighting,
                                    collectsReferences: collectsReferences)
        let thisBuildOnly = self.thisBuildOnly
        let fresh = await parallelMap(stale) { index, item -> (Int, EarlyBody) in
            var found = DiagnosticBag()
            let rendered = renderer.render(item, diagnostics: &found)
            return (index, EarlyBody(item: thisBuildOnly ? rendered.item.withoutMarkdown() : rendered.item,
                                     dependsOnLinks: rendered.dependsOnLinks, diagnostics: found.diagnostics,
                                     usesShortcodes: rendered.usesShortcodes, dataFiles: rendered.dataFiles))
        }
        memo.rendered += ready.count + fresh.count
        for (index, body) in ready + fresh {
            var item = body.item
            var revision = StableHash()
            revision.combine(item.sourceHash)
            revision.combine(item.url.value)
            revision.combine(item.language)
            revision.combine(body.dependsOnLinks ? linksKey : 0)
            revision.combine(body.usesShortcodes ? shortcodes.key : 0)
            for (path, hash) in body.dataFiles.sorted(by: { $0.key < $1.key }) {
                revision.combine(path)
                revision.combine(hash)
            }
            item.revision = revision.value
            results[index] = item
            // A build whose memo is thrown away files only what it reports (and lists the rest for the next process, if any).
            guard filesEveryBody || lists || !body.diagnostics.isEmpty else { continue }
            let entry = Entry(id: item.id, sourceHash: item.sourceHash, url: item.url, language: item.language,
                              renderingKey: renderingKey, dependsOnLinks: body.dependsOnLinks, linksKey: linksKey,
                              usesShortcodes: body.usesShortcodes, shortcodesKey: shortcodes.key, dataFiles: body.dataFiles,
                              body: item.body, revision: item.revision, diagnostics: body.diagnostics)
            if filesEveryBody || !body.diagnostics.isEmpty { memo.keep(entry) }
            if lists { listed[index] = entry }
        }
        if lists { memo.forNextProcess = listed.compactMap { $0 } }
        if complete, filesEveryBody {
            let ids = Set(items.map(\.id))
            memo.entries = memo.entries.filter { ids.contains($0.key) }
            memo.reporting = memo.reporting.filter { ids.contains($0) }
            memo.readers = memo.readers.filter { ids.contains($0) }
        }
        return results.compactMap { $0 }
    }
}
