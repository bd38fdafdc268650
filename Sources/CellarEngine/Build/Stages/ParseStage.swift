import CellarDiagnostics
import CellarFiles
import CellarImages

/// Reads and types every item's file on all cores — the one parse loop of every build. A file is
/// read again only when the change set says it may differ from when its memo entry was made, or
/// when something typing depends on changed (settings, kinds, which files exist).
struct ParseStage {
    /// One file's outcome, kept between builds.
    struct Entry: Sendable {
        var item: ContentItem?
        var diagnostics: [Diagnostic]
    }

    struct Memo: Sendable {
        /// Everything typing depends on besides the file itself.
        var context: UInt64?
        var entries: [String: Entry] = [:]
        /// The frame's item files in source path order, and each one's place in it.
        var sources: [ItemSource] = []
        var index: [String: Int] = [:]
        /// The items that parsed, in source path order (each at most once).
        var items: [ContentItem] = []
        /// Paths whose entries hold diagnostics (most hold none).
        var reporting: Set<String> = []
    }

    /// Every item of the site, and what this build re-read.
    struct Output: Sendable {
        /// All items that parsed, published or not, in source path order.
        var items: [ContentItem]
        /// The items whose files were read this time (those that parsed).
        var freshItems: [ContentItem]
        /// How many files were read this time (parsed or not).
        var freshCount: Int
        /// Whether the set of item files differs from the memo's (a file added or removed).
        var sourcesChanged: Bool
        /// Bodies rendered while their file was at hand (see ``EarlyBodies``), by id.
        var early: [String: EarlyBody]
        var diagnostics: [Diagnostic]
        /// The sources to keep for the next process (``KeptItems``), when it keeps them and they
        /// differ from those it was given; else nil.
        var sourcesForNextProcess: [ContentItem.Source]? = nil
        /// How many of the files read were taken from the last process's sources (``KeptItems``), not typed.
        var taken = 0
    }

    var setup: ItemStageSetup

    func run(_ changes: ChangeSet, memo: inout Memo) async -> Output {
        let site = setup.frame.site
        var sourcesChanged = false
        var stale: [(index: Int, source: ItemSource)] = []
        // Only the named files of a frame the memo knows: their bodies are rendered with the
        // model's links later, and bodies are not rendered early (that needs sets of every source).
        var onlyNamedFiles = false
        if !setup.frame.reloaded, memo.context != nil, case .paths(let paths) = changes {
            onlyNamedFiles = true
            // The frame is the memo's: only the named files can have changed.
            // A changed photo may change the date of any item without `date:` that shows it (its
            // EXIF date): every item is typed again.
            if site.config.processesImages, paths.contains(where: {
                Paths.relative($0, to: site.layout.content) != nil
                    && ImageFile.processedExtensions.contains(Paths.fileExtension($0).lowercased())
            }) {
                stale = memo.sources.enumerated().map { ($0.offset, $0.element) }
            } else {
                for path in paths {
                    guard let relative = Paths.relative(path, to: site.layout.content), let index = memo.index[relative] else { continue }
                    stale.append((index, memo.sources[index]))
                }
            }
        } else {
            let context = Self.context(of: site)
            let sources = site.scan.items.sorted { $0.contentPath < $1.contentPath }
            if memo.context != context { memo = Memo(context: context) }
            sourcesChanged = sources.count != memo.entries.count || sources.contains { memo.entries[$0.contentPath] == nil }
            memo.sources = sources
            memo.index = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1.contentPath, $0) })
            memo.entries = memo.entries.filter { memo.index[$0.key] != nil }
            memo.reporting = memo.reporting.filter { memo.index[$0] != nil }
            for (index, source) in sources.enumerated() {
                let entry = memo.entries[source.contentPath]
                if entry == nil || changes.mayHaveChanged(Paths.join(site.layout.content, source.contentPath)) {
                    stale.append((index, source))
                }
            }
        }

        Trace.mark("parse: sources")
        let (fresh, early, taken) = await parse(stale, renderingEarly: !onlyNamedFiles)
        Trace.mark("parse: files parsed")
        // Only a build that read every file lists them all (a session's later build reads some:
        // the file it kept stays, each record as good as its file's hash).
        let sourcesForNextProcess = onlyNamedFiles || fresh.count != memo.sources.count ? nil : keptSources(fresh, taken: taken)
        if setup.thisBuildOnly, !onlyNamedFiles, fresh.count == memo.sources.count {
            // Every file was read, by a build whose memo is thrown away: the items are the fresh
            // ones, in source order already; nothing is kept for a later build.
            let items = fresh.compactMap(\.entry.item)
            memo = Memo()
            setup.reporter.progress(.parsingItems, done: fresh.count, total: fresh.count)
            return Output(items: items, freshItems: items, freshCount: fresh.count, sourcesChanged: sourcesChanged,
                          early: early, diagnostics: fresh.flatMap(\.entry.diagnostics),
                          sourcesForNextProcess: sourcesForNextProcess, taken: taken)
        }
        for (index, entry) in fresh {
            let path = memo.sources[index].contentPath
            memo.entries[path] = entry
            if entry.diagnostics.isEmpty { memo.reporting.remove(path) } else { memo.reporting.insert(path) }
        }
        if sourcesChanged || fresh.count > memo.sources.count / 8 || memo.items.isEmpty {
            memo.items = memo.sources.compactMap { memo.entries[$0.contentPath]?.item }
        } else {
            for (index, entry) in fresh { place(entry.item, of: memo.sources[index].contentPath, in: &memo.items) }
        }
        setup.reporter.progress(.parsingItems, done: memo.sources.count, total: memo.sources.count)
        return Output(
            items: memo.items, freshItems: fresh.compactMap(\.entry.item), freshCount: fresh.count,
            sourcesChanged: sourcesChanged, early: early,
            diagnostics: memo.reporting.sorted().flatMap { memo.entries[$0]?.diagnostics ?? [] },
            sourcesForNextProcess: sourcesForNextProcess, taken: taken
        )
    }

    /// What typing depends on besides each file: settings, sections, kinds, and which files exist.
    static func context(of site: LoadedSite) -> UInt64 {
        var hash = StableHash()
        hash.combine(site.config.sourceHash)
        hash.combine(site.theme.fingerprint)
        for section in site.sections.values.sorted(by: { $0.id < $1.id }) {
            hash.combine(section.id)
            hash.combine(section.sourceHash)
        }
        var files: UInt64 = 0
        for path in site.scan.files.paths { files &+= StableHash.of(path) }   // order-independent
        hash.combine(files)
        return hash.value
    }

    // MARK: - Private

    /// The sources of `fresh` the next process may take (``KeptItems/isKeepable(_:processesImages:)``,
    /// reported nothing); nil when it does not keep them, or every one of them was taken from
    /// those on hand (`taken`) and none is gone: the file holds them already.
    private func keptSources(_ fresh: [(index: Int, entry: Entry)], taken: Int) -> [ContentItem.Source]? {
        guard setup.keepsItemsForNextProcess, taken != fresh.count || taken != setup.itemsOnHand.count else { return nil }
        let processesImages = setup.frame.site.config.processesImages
        return fresh.compactMap { _, entry in
            guard entry.diagnostics.isEmpty, let source = entry.item?.source,
                  KeptItems.isKeepable(source, processesImages: processesImages) else { return nil }
            return source
        }
    }

    /// Reads and types `stale` files on every core; renders the bodies that can be rendered at once.
    /// - Returns: the entries, the early bodies, and how many sources were taken from those on hand.
    private func parse(_ stale: [(index: Int, source: ItemSource)], renderingEarly: Bool)
        async -> ([(index: Int, entry: Entry)], [String: EarlyBody], Int) {
        let layout = setup.frame.site.layout
        let site = setup.frame.site
        let parser = ItemParser(layout: layout, site: site.config, sections: site.sections,
                                kinds: site.theme.kinds, files: site.scan.files, unusableKinds: site.theme.unusableKinds)
        let early = renderingEarly ? EarlyBodies(site: site, rules: setup.rules, highlighting: setup.highlighting,
                                                     collectsReferences: setup.collectsReferences) : nil
        let reporter = setup.reporter
        let thisBuildOnly = setup.thisBuildOnly
        let onHand = setup.bodiesOnHand
        let sourcesOnHand = setup.itemsOnHand
        let parsed = await parallelMap(stale, progress: { reporter.progress(.parsingItems, done: $0, total: stale.count) }) {
            index, source -> (Int, Entry, EarlyBody?, Bool) in
            var found = DiagnosticBag()
            let display = layout.display(contentPath: source.contentPath)
            let path = Paths.join(layout.content, source.contentPath)
            do throws(Diagnostic) {
                let bytes = try SourceLoader.bytes(at: path, display: display)
                // The same bytes as when the last process typed them: only the body is split off.
                let kept = sourcesOnHand.count == 0 ? nil
                    : sourcesOnHand.source(source.contentPath, sourceHash: StableHash.of(bytes: bytes))
                let item: ContentItem?
                if let kept {
                    item = ContentItem(source: kept.with(markdown: try KeptItems.markdown(of: bytes, file: display)))
                } else {
                    item = parser.parse(source, bytes: bytes, diagnostics: &found)
                }
                // While the file is at hand, render its body too, unless its links need every item
                // first or the last process rendered it from the same file (the model stage takes it then).
                guard var body = item.flatMap({ onHand[$0.id]?.mayHold(for: $0) == true ? nil : early?.render($0) }) else {
                    return (index, Entry(item: item, diagnostics: found.diagnostics), nil, kept != nil)
                }
                if thisBuildOnly { body.item = body.item.withoutMarkdown() }
                let entry = Entry(item: thisBuildOnly ? ContentItem(source: body.item.source) : item,
                                  diagnostics: found.diagnostics)
                return (index, entry, body, kept != nil)
            } catch {
                return (index, Entry(item: nil, diagnostics: [error]), nil, false)
            }
        }
        var bodies: [String: EarlyBody] = [:]
        var taken = 0
        for (_, entry, body, wasKept) in parsed {
            if let body, let id = entry.item?.id { bodies[id] = body }
            if wasKept { taken += 1 }
        }
        return (parsed.map { ($0.0, $0.1) }, bodies, taken)
    }

    /// Puts a re-read file's item in the ordered list: replaced, added, or removed when it no longer parses.
    private func place(_ item: ContentItem?, of path: String, in items: inout [ContentItem]) {
        // Items are in source order, each id (its source path) once: find the place by binary search.
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].id < path { low = middle + 1 } else { high = middle }
        }
        let present = low < items.count && items[low].id == path
        switch (item, present) {
        case (let item?, true): items[low] = item
        case (let item?, false): items.insert(item, at: low)
        case (nil, true): items.remove(at: low)
        case (nil, false): break
        }
    }
}
