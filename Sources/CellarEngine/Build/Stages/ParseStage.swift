import CellarDiagnostics

/// Reads and types every item's file on all cores — the one parse loop of every build. A file is
/// read again only when the change set says it may differ from when its memo entry was made, or
/// when something typing depends on changed (settings, kinds, which files exist).
struct ParseStage {
    /// One file's outcome, kept between builds.
    struct Entry: Sendable {
        var status: FileStatus
        var item: Item?
        var diagnostics: [Diagnostic]
    }

    struct Memo: Sendable {
        /// Everything typing depends on besides the file itself.
        var context: UInt64?
        var entries: [String: Entry] = [:]
    }

    /// Every item of the site, and what this build re-read.
    struct Output: Sendable {
        /// All items that parsed, published or not, in source path order.
        var items: [Item]
        /// Ids of the items whose files were read this time.
        var fresh: Set<String>
        /// Whether the set of item files differs from the memo's (a file added or removed).
        var sourcesChanged: Bool
        /// Bodies rendered while their file was at hand (see ``EarlyBodies``), by id.
        var early: [String: EarlyBody]
        var diagnostics: [Diagnostic]
    }

    var site: LoadedSite
    var rules: PublishRules
    var reporter: any BuildReporter

    func run(_ changes: ChangeSet, memo: inout Memo) async -> Output {
        let layout = site.layout
        let sources = site.scan.items.sorted { $0.contentPath < $1.contentPath }
        let context = Self.context(of: site)
        if memo.context != context {
            memo = Memo(context: context)
        }
        var entries: [Entry?] = []
        entries.reserveCapacity(sources.count)
        var stale: [(index: Int, source: ItemSource)] = []
        for (index, source) in sources.enumerated() {
            if let entry = memo.entries[source.contentPath],
               !changes.mayHaveChanged(Paths.join(layout.content, source.contentPath), recorded: entry.status) {
                entries.append(entry)
            } else {
                entries.append(nil)
                stale.append((index, source))
            }
        }
        let parser = ItemParser(layout: layout, site: site.config, sections: site.sections,
                                kinds: site.theme.kinds, files: site.scan.files)
        let early = EarlyBodies(site: site, rules: rules)
        let reporter = self.reporter
        let parsed = await parallelMap(stale, progress: { reporter.progress(.parse, done: $0, total: stale.count) }) {
            index, source -> (Int, Entry, EarlyBody?) in
            var found = DiagnosticBag()
            let path = Paths.join(layout.content, source.contentPath)
            let status = FileIO.status(path) ?? FileStatus(kind: .file, size: -1, modified: 0, inode: 0)
            do throws(Diagnostic) {
                let bytes = try SourceLoader.bytes(at: path, display: layout.display(contentPath: source.contentPath))
                let item = parser.parse(source, bytes: bytes, diagnostics: &found)
                // While the file is at hand, render its body too, unless its links need every item first.
                return (index, Entry(status: status, item: item, diagnostics: found.diagnostics), item.flatMap(early.render))
            } catch {
                return (index, Entry(status: status, item: nil, diagnostics: [error]), nil)
            }
        }
        var bodies: [String: EarlyBody] = [:]
        var fresh: Set<String> = []
        for (index, entry, body) in parsed {
            entries[index] = entry
            fresh.insert(sources[index].contentPath)
            if let body, let id = entry.item?.id { bodies[id] = body }
        }

        let sourcesChanged = sources.count != memo.entries.count
            || sources.contains { memo.entries[$0.contentPath] == nil }
        var kept: [String: Entry] = [:]
        kept.reserveCapacity(sources.count)
        var items: [Item] = []
        items.reserveCapacity(sources.count)
        var diagnostics: [Diagnostic] = []
        for (source, entry) in zip(sources, entries) {
            guard let entry else { continue }
            kept[source.contentPath] = entry
            diagnostics += entry.diagnostics
            if let item = entry.item { items.append(item) }
        }
        memo.entries = kept
        reporter.progress(.parse, done: sources.count, total: sources.count)
        return Output(items: items, fresh: fresh, sourcesChanged: sourcesChanged, early: bodies, diagnostics: diagnostics)
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
}
