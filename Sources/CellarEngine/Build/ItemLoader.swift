import CellarDiagnostics
import CellarMarkdown
import Foundation

/// Stage two: every item read and typed on all cores, the publishing rules applied, URLs
/// checked for collisions, tags gathered, bodies rendered with their links resolved.
struct ItemLoader {
    var site: LoadedSite
    var rules: PublishRules
    var reporter: any BuildReporter

    /// Loads every item, reusing from `cache` what has not changed since the last build.
    /// - Parameter changed: absolute paths known to have changed (nil: check every file's status).
    func load(cache: inout SessionCache, changed: Set<String>?, diagnostics: inout DiagnosticBag) async -> SiteModel? {
        let layout = site.layout
        let sources = site.scan.items.sorted { $0.contentPath < $1.contentPath }
        let context = parseContext()
        if cache.parseContext != context {
            cache.parsed = [:]
            cache.bodies = [:]
            cache.parseContext = context
        }
        let (all, early) = await parse(sources, cache: &cache, changed: changed, diagnostics: &diagnostics)

        let published = all.filter(rules.publishes)
        let hidden = all.filter { !rules.publishes($0) }
        var siteWide = DiagnosticBag()   // about the site rather than one item; kept for rebuilds
        let tags = TagIndex(items: published, diagnostics: &siteWide)
        checkURLs(published, tags: tags, diagnostics: &diagnostics)

        var pageURLs: [String: URLPath] = [:]
        for item in published { pageURLs[item.id] = item.url }
        for section in site.sections.values { pageURLs[Paths.join(section.id, "_index.md")] = section.url }
        pageURLs["_index.md"] = .root
        var bundleURLs: [String: URLPath] = [:]
        var hiddenBundles: Set<String> = []
        for item in published { if let bundle = item.bundleDirectory { bundleURLs[bundle] = item.url } }
        for item in hidden { if let bundle = item.bundleDirectory { hiddenBundles.insert(bundle) } }
        let links = LinkResolver(
            siteURL: site.config.url, files: site.scan.files, pageURLs: pageURLs,
            hiddenItems: Set(hidden.map(\.id)), bundleURLs: bundleURLs, hiddenBundles: hiddenBundles,
            contentDisplayRoot: layout.display(sitePath: "content"))
        let rendered = await renderBodies(published, links: links, early: early, cache: &cache)
        var items: [Item] = []
        items.reserveCapacity(rendered.count)
        for (item, found) in rendered {
            diagnostics.append(contentsOf: found)
            items.append(item)
        }
        reporter.progress(.parse, done: items.count, total: items.count)

        // Introductions (the bodies of _index.md files) link like items do.
        let markdown = MarkdownRenderer(options: site.config.markdown)
        func intro(_ body: String, folder: String, file: String, firstLine: Int) -> String {
            markdown.render(body) { reference in
                links.rewrite(reference, directory: folder, file: file, firstLine: firstLine, diagnostics: &siteWide)
            }.html
        }
        var config = site.config
        config.introHTML = intro(config.introMarkdown, folder: "", file: config.file, firstLine: config.introFirstLine)
        var sectionsByID = site.sections
        for (id, section) in sectionsByID {
            sectionsByID[id]?.introHTML = intro(section.introMarkdown, folder: id, file: section.file,
                                                firstLine: section.introFirstLine)
        }
        cache.siteDiagnostics = siteWide.diagnostics
        diagnostics.append(contentsOf: siteWide.diagnostics)

        var sectionItems: [String: [Item]] = [:]
        let grouped = Dictionary(grouping: items, by: \.sectionID)
        for (sectionID, members) in grouped {
            let section = site.sections[sectionID]
            sectionItems[sectionID] = ItemSorter.sort(members, by: section?.sort ?? .date, ascending: section?.ascending ?? false)
        }
        let sections = sectionsByID.values.sorted { ($0.weight, $0.title.lowercased(), $0.id) < ($1.weight, $1.title.lowercased(), $1.id) }
        let staticFiles = site.scan.staticFiles
        let resources = items.compactMap { item in
            item.bundleDirectory.map { (item, site.scan.bundleResources[$0] ?? []) }
        }
        let now = rules.now
        let scheduled = (all.compactMap { $0.date }.filter { $0 > now && !rules.includeFuture }
            + all.compactMap { $0.expires }.filter { $0 > now }).min()
        let newest = ItemSorter.newestFirst(items).map(\.id)
        return SiteModel(
            config: config, theme: site.theme, sections: sections, sectionsByID: sectionsByID, items: items,
            itemsByID: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }), sectionItems: sectionItems,
            newestFirst: newest, recency: Dictionary(uniqueKeysWithValues: newest.enumerated().map { ($1, $0) }),
            tags: tags, staticFiles: staticFiles, bundleResources: resources, links: links,
            nextScheduledChange: scheduled
        )
    }

    // MARK: - Parsing

    /// Reads and types the items whose files changed; takes the others from the cache.
    /// - Returns: the items, and the bodies already rendered while parsing (by id): those of
    ///   published items whose links do not depend on other items.
    private func parse(_ sources: [ItemSource], cache: inout SessionCache, changed: Set<String>?,
                       diagnostics: inout DiagnosticBag) async -> ([Item], [String: EarlyBody]) {
        let layout = site.layout
        var entries: [SessionCache.ParsedEntry?] = []
        var stale: [(index: Int, source: ItemSource)] = []
        for (index, source) in sources.enumerated() {
            let absolute = Paths.join(layout.content, source.contentPath)
            if let entry = cache.parsed[source.contentPath] {
                let unchanged = if let changed { !changed.contains(absolute) } else { FileIO.status(absolute) == entry.status }
                if unchanged {
                    entries.append(entry)
                    continue
                }
            }
            entries.append(nil)
            stale.append((index, source))
        }
        let parser = ItemParser(layout: layout, site: site.config, sections: site.sections,
                                kinds: site.theme.kinds, files: site.scan.files)
        let reporter = self.reporter
        let early = EarlyBodies(site: site, rules: rules)
        let fresh = (try? await parallelMap(stale, progress: { reporter.progress(.parse, done: $0, total: stale.count) }) {
            index, source -> (Int, SessionCache.ParsedEntry, EarlyBody?) in
            var found = DiagnosticBag()
            let path = Paths.join(layout.content, source.contentPath)
            let display = layout.display(contentPath: source.contentPath)
            let status = FileIO.status(path) ?? FileStatus(kind: .file, size: -1, modified: 0, inode: 0)
            do throws(Diagnostic) {
                let bytes = try SourceLoader.bytes(at: path, display: display)
                let item = parser.parse(source, bytes: bytes, diagnostics: &found)
                // While the file is at hand, render its body too, unless its links need every item first.
                return (index, .init(status: status, item: item, diagnostics: found.diagnostics), item.flatMap(early.render))
            } catch {
                return (index, .init(status: status, item: nil, diagnostics: [error]), nil)
            }
        }) ?? []
        var bodies: [String: EarlyBody] = [:]
        for (index, entry, body) in fresh {
            entries[index] = entry
            if let body, let id = entry.item?.id { bodies[id] = body }
        }

        var parsed: [String: SessionCache.ParsedEntry] = [:]
        parsed.reserveCapacity(sources.count)
        var items: [Item] = []
        items.reserveCapacity(sources.count)
        for (source, entry) in zip(sources, entries) {
            guard let entry else { continue }
            parsed[source.contentPath] = entry
            diagnostics.append(contentsOf: entry.diagnostics)
            if let item = entry.item { items.append(item) }
        }
        cache.parsed = parsed
        reporter.progress(.parse, done: items.count, total: sources.count)
        return (items, bodies)
    }

    /// Renders the bodies whose source, URL or (when they link to other content) links changed.
    private func renderBodies(_ items: [Item], links: LinkResolver, early: [String: EarlyBody],
                              cache: inout SessionCache) async -> [(Item, [Diagnostic])] {
        let linksKey = links.fingerprint
        var results: [(Item, [Diagnostic])?] = []
        var stale: [(Int, Item)] = []
        var ready: [(Int, Item, Bool, [Diagnostic])] = []
        for (index, item) in items.enumerated() {
            if let entry = cache.bodies[item.id], entry.item.sourceHash == item.sourceHash, entry.item.url == item.url,
               !entry.dependsOnLinks || entry.linksKey == linksKey {
                results.append((entry.item, entry.diagnostics))
            } else if let body = early[item.id] {
                results.append(nil)
                ready.append((index, body.item, body.dependsOnLinks, body.diagnostics))
            } else {
                results.append(nil)
                stale.append((index, item))
            }
        }
        let bodies = BodyRenderer(markdown: MarkdownRenderer(options: site.config.markdown), links: links)
        let fresh = (try? await parallelMap(stale) { index, item -> (Int, Item, Bool, [Diagnostic]) in
            var found = DiagnosticBag()
            let (result, dependsOnLinks) = bodies.render(item, diagnostics: &found)
            return (index, result, dependsOnLinks, found.diagnostics)
        }) ?? []
        for (index, item, dependsOnLinks, found) in ready + fresh {
            var item = item
            cache.keepBody(of: &item, dependsOnLinks: dependsOnLinks, linksKey: linksKey, diagnostics: found)
            results[index] = (item, found)
        }
        let ids = Set(items.map(\.id))
        cache.bodies = cache.bodies.filter { ids.contains($0.key) }
        return results.compactMap { $0 }
    }

    /// What typing depends on besides each file: settings, sections, kinds, and which files exist.
    private func parseContext() -> UInt64 {
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

    // MARK: - URLs

    /// Two things on one URL are an error naming both: items, aliases, sections and the pages
    /// Cellar generates (pagination, feeds, tag pages), and files copied from `content/`.
    private func checkURLs(_ items: [Item], tags: TagIndex, diagnostics: inout DiagnosticBag) {
        var claims = URLClaims()
        let layout = site.layout
        let config = site.config
        for file in ["sitemap.xml", "robots.txt", "404.html"] {
            claims.claim(URLPath(file), by: "a file Cellar writes", at: nil, diagnostics: &diagnostics)
        }
        claims.claim(.root, by: "the home page", at: nil, diagnostics: &diagnostics)
        for format in FeedCatalog.formats {
            claims.claim(URLPath(format.file), by: "the site's \(format.label) feed", at: nil, diagnostics: &diagnostics)
        }
        var counts: [String: Int] = [:]
        for item in items { counts[item.sectionID, default: 0] += 1 }
        // The theme's assets are copied to the root of the output: nothing else may land on them.
        for asset in site.theme.assets.sorted() {
            let shown = site.theme.display + "/assets/" + asset
            claims.claim(URLPath(asset), by: shown, at: SourceLocation(file: shown), diagnostics: &diagnostics)
        }
        for section in site.sections.values.sorted(by: { $0.id < $1.id }) {
            let location = SourceLocation(file: section.file)
            claims.claim(section.url, by: section.file, at: location, diagnostics: &diagnostics)
            let pages = Paginator(pageSize: section.paginate ?? config.paginate).pageCount(of: counts[section.id, default: 0])
            for page in stride(from: 2, through: pages, by: 1) {
                claims.claim(Paginator.url(page: page, base: section.url), by: "page \(page) of \(section.file)",
                             at: location, diagnostics: &diagnostics)
            }
            if section.hasFeed {
                for format in FeedCatalog.formats {
                    claims.claim(section.url.appending(format.file), by: "the \(format.label) feed of \(section.file)",
                                 at: location, diagnostics: &diagnostics)
                }
            }
        }
        if !tags.tags.isEmpty {
            claims.claim(TagIndex.root, by: "the tags page", at: nil, diagnostics: &diagnostics)
            for tag in tags.tags {
                let pages = Paginator(pageSize: config.paginate).pageCount(of: tag.itemIDs.count)
                for page in 1...pages {
                    claims.claim(Paginator.url(page: page, base: tag.url),
                                 by: page == 1 ? "the page of tag #\(tag.name)" : "page \(page) of tag #\(tag.name)",
                                 at: nil, diagnostics: &diagnostics)
                }
            }
        }
        for path in site.scan.staticFiles.sorted() {
            let shown = layout.display(contentPath: path)
            claims.claim(URLPath(path), by: shown, at: SourceLocation(file: shown), diagnostics: &diagnostics)
        }
        for item in items where item.hasPage {
            if item.url.value.hasPrefix(TagIndex.root.value) {
                diagnostics.error("the URL \(item.url) is reserved for tag pages", at: item.location,
                                  hint: "give the item another 'slug:' or move it out of a folder named 'tags'")
                continue
            }
            claims.claim(item.url, by: item.file, at: item.location, diagnostics: &diagnostics)
        }
        for item in items {
            for (index, alias) in item.aliases.enumerated() {
                let location = (item.fields["aliases"].flatMap { field -> SourceLocation? in
                    if case .list(let entries) = field.value, index < entries.count { return entries[index].location }
                    return field.location
                }) ?? item.location
                guard let url = Self.aliasURL(alias) else {
                    diagnostics.error("alias '\(alias)' must be a path on this site, such as /old/path/", at: location,
                                      hint: "aliases may not contain '..', '\\\\', a scheme or a host")
                    continue
                }
                claims.claim(url, by: item.file, what: "alias", at: location,
                             hint: "remove the alias, or the item that already lives there", diagnostics: &diagnostics)
            }
        }
    }

    /// `/old/path` → `old/path/`; `/old.html` stays a file; `%xx` escapes are decoded (`/caf%C3%A9/` is
    /// written to `café/`, where a server looks for it). Nil for anything that leaves the site or that
    /// cannot be a file name: a scheme or host, `?`, `#`, `.` or `..` parts (escaped or not), `\`,
    /// control characters, an escaped `/`, malformed escapes, parts longer than a file name may be.
    static func aliasURL(_ alias: String) -> URLPath? {
        guard !alias.isEmpty, !URLCheck.isRemote(alias), !alias.contains("?"), !alias.contains("#") else { return nil }
        var parts: [String] = []
        for part in alias.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = URLEncoding.decode(String(part)), segment != ".", segment != "..",
                  segment.utf8.count <= Slug.maxSegmentBytes,
                  !segment.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
            else { return nil }
            parts.append(segment)
        }
        guard !parts.isEmpty else { return nil }
        let path = parts.joined(separator: "/")
        let isFile = alias.hasSuffix("/") ? false : !Paths.fileExtension(path).isEmpty
        return URLPath(isFile ? path : path + "/")
    }
}
