import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// Renders the Markdown bodies whose source, URL or — when they link to other content — links
/// changed, on all cores; the others come from the memo. Sets each item's ``ContentItem/revision``.
struct BodyStage {
    struct Entry: Sendable {
        /// Whether the body links to other content (so a change of any URL may change it).
        var dependsOnLinks: Bool
        var linksKey: UInt64
        /// Whether the body calls shortcodes (so the theme and settings it was drawn with count).
        var usesShortcodes = false
        var shortcodesKey: UInt64 = 0
        /// The files of `content/` its shortcodes drew from, with the hash of their text then.
        var dataFiles: [String: UInt64] = [:]
        var item: ContentItem
        var diagnostics: [Diagnostic]
    }

    struct Memo: Sendable {
        var entries: [String: Entry] = [:]
        /// Ids of the entries that hold diagnostics (most hold none).
        var reporting: Set<String> = []
        /// Ids of the entries drawn from data files (a chart's CSV; most are not).
        var readers: Set<String> = []

        /// What the bodies in the memo reported (a rebuild that reuses them reports it again).
        var diagnostics: [Diagnostic] { reporting.sorted().flatMap { entries[$0]?.diagnostics ?? [] } }

        mutating func keep(_ entry: Entry) {
            entries[entry.item.id] = entry
            if entry.diagnostics.isEmpty { reporting.remove(entry.item.id) } else { reporting.insert(entry.item.id) }
            if entry.dataFiles.isEmpty { readers.remove(entry.item.id) } else { readers.insert(entry.item.id) }
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
    /// Whether the memo is thrown away after this build: nothing only a later build would use is kept.
    private var thisBuildOnly: Bool { policy == .thisBuildOnly }

    /// Renders the bodies of `items` (with those in `early`, rendered while parsing, taken as they are).
    /// - Parameter complete: whether `items` are all the site's items, so that the memo can forget others.
    func run(_ items: [ContentItem], early: [String: EarlyBody], complete: Bool, memo: inout Memo) async -> [ContentItem] {
        var results: [ContentItem?] = []
        results.reserveCapacity(items.count)
        var stale: [(Int, ContentItem)] = []
        var ready: [(Int, EarlyBody)] = []
        for (index, item) in items.enumerated() {
            if let entry = memo.entries[item.id], entry.item.sourceHash == item.sourceHash, entry.item.url == item.url,
               entry.item.language == item.language,   // shortcodes speak it
               !entry.dependsOnLinks || entry.linksKey == linksKey,
               !entry.usesShortcodes || entry.shortcodesKey == shortcodes.key,
               entry.dataFiles.allSatisfy({ shortcodes.hashOfRead($0.key) == $0.value }),
               !collectsReferences || entry.item.body.references != nil {
                // The body as it was, under what the file says now (settings it inherits may have changed).
                var reused = entry.item
                if reused.source !== item.source {
                    reused = ContentItem(source: item.source, body: entry.item.body, revision: entry.item.revision)
                }
                results.append(reused)
            } else if let body = early[item.id], !collectsReferences || body.item.body.references != nil {
                results.append(nil)
                ready.append((index, body))
            } else {
                results.append(nil)
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
            // A build whose memo is thrown away keeps only what it reports.
            if !thisBuildOnly || !body.diagnostics.isEmpty {
                memo.keep(Entry(dependsOnLinks: body.dependsOnLinks, linksKey: linksKey, usesShortcodes: body.usesShortcodes,
                                shortcodesKey: shortcodes.key, dataFiles: body.dataFiles, item: item, diagnostics: body.diagnostics))
            }
            results[index] = item
        }
        if complete, !thisBuildOnly {
            let ids = Set(items.map(\.id))
            memo.entries = memo.entries.filter { ids.contains($0.key) }
            memo.reporting = memo.reporting.filter { ids.contains($0) }
            memo.readers = memo.readers.filter { ids.contains($0) }
        }
        return results.compactMap { $0 }
    }
}
