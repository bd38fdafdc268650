import CellarDiagnostics
import CellarMarkdown
import Foundation

/// Stage two: every item read and typed on all cores, the publishing rules applied, URLs
/// checked for collisions, tags gathered, bodies rendered with their links resolved.
struct ItemLoader {
    var site: LoadedSite
    var rules: PublishRules
    var reporter: any BuildReporter

    func load(diagnostics: inout DiagnosticBag) async -> SiteModel? {
        let layout = site.layout
        let parser = ItemParser(layout: layout, site: site.config, sections: site.sections,
                                kinds: site.theme.kinds, files: site.scan.files)
        let sources = site.scan.items.sorted { $0.contentPath < $1.contentPath }
        let parsed = try? await parallelMap(sources) { source -> (Item?, [Diagnostic]) in
            var found = DiagnosticBag()
            let display = layout.display(contentPath: source.contentPath)
            do throws(Diagnostic) {
                let bytes = try SourceLoader.bytes(at: Paths.join(layout.content, source.contentPath), display: display)
                let item = parser.parse(source, bytes: bytes, diagnostics: &found)
                return (item, found.diagnostics)
            } catch {
                return (nil, [error])
            }
        }
        var all: [Item] = []
        for (item, found) in parsed ?? [] {
            diagnostics.append(contentsOf: found)
            if let item { all.append(item) }
        }
        reporter.progress(.parse, done: all.count, total: sources.count)

        let published = all.filter(rules.publishes)
        let hidden = all.filter { !rules.publishes($0) }
        checkURLs(published, diagnostics: &diagnostics)
        let tags = TagIndex(items: published, diagnostics: &diagnostics)

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
        let bodies = BodyRenderer(markdown: MarkdownRenderer(options: site.config.markdown), links: links)
        let rendered = (try? await parallelMap(published) { item -> (Item, [Diagnostic]) in
            var found = DiagnosticBag()
            let result = bodies.render(item, diagnostics: &found)
            return (result, found.diagnostics)
        }) ?? []
        var items: [Item] = []
        items.reserveCapacity(rendered.count)
        for (item, found) in rendered {
            diagnostics.append(contentsOf: found)
            items.append(item)
        }

        // Introductions (the bodies of _index.md files) link like items do.
        let markdown = MarkdownRenderer(options: site.config.markdown)
        func intro(_ body: String, folder: String, file: String, firstLine: Int) -> String {
            var found = DiagnosticBag()
            let html = markdown.render(body) { reference in
                links.rewrite(reference, directory: folder, file: file, firstLine: firstLine, diagnostics: &found)
            }.html
            diagnostics.append(contentsOf: found.diagnostics)
            return html
        }
        var config = site.config
        config.introHTML = intro(config.introMarkdown, folder: "", file: config.file, firstLine: config.introFirstLine)
        var sectionsByID = site.sections
        for (id, section) in sectionsByID {
            sectionsByID[id]?.introHTML = intro(section.introMarkdown, folder: id, file: section.file,
                                                firstLine: section.introFirstLine)
        }

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
        return SiteModel(
            config: config, theme: site.theme, sections: sections, sectionsByID: sectionsByID, items: items,
            itemsByID: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }), sectionItems: sectionItems,
            tags: tags, staticFiles: staticFiles, bundleResources: resources, links: links
        )
    }

    /// Two things on one URL are an error naming both: items, aliases, sections, generated files.
    private func checkURLs(_ items: [Item], diagnostics: inout DiagnosticBag) {
        var claims = URLClaims()
        let generated = ["sitemap.xml", "robots.txt", "404.html", "feed.xml", "rss.xml", "feed.json"]
        for file in generated { claims.claim(URLPath(file), by: "a file Cellar writes", at: nil, diagnostics: &diagnostics) }
        claims.claim(.root, by: "the home page", at: nil, diagnostics: &diagnostics)
        for section in site.sections.values.sorted(by: { $0.id < $1.id }) {
            claims.claim(section.url, by: section.file, at: SourceLocation(file: section.file), diagnostics: &diagnostics)
        }
        for path in site.scan.staticFiles.sorted() {
            claims.claim(URLPath(path), by: site.layout.display(contentPath: path), at: nil, diagnostics: &diagnostics)
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

    /// `/old/path` → `old/path/`; `/old.html` stays a file. Nil for anything that leaves the site.
    static func aliasURL(_ alias: String) -> URLPath? {
        guard !alias.isEmpty, !URLCheck.isRemote(alias), !alias.contains("\\"), !alias.contains("\0"),
              !alias.contains("?"), !alias.contains("#") else { return nil }
        let parts = alias.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let path = parts.joined(separator: "/")
        let isFile = alias.hasSuffix("/") ? false : !Paths.fileExtension(path).isEmpty
        return URLPath(isFile ? path : path + "/")
    }
}
