import CellarDiagnostics
import CellarFiles

/// Every output file the build will write, with who asked for it, so that two things on one URL
/// — or a file where another needs a folder — are an error naming both, never a silent overwrite.
struct URLClaims {
    private var files: [String: String] = [:]     // output file → who claimed it
    private var folders: [String: String] = [:]   // folder → the first claimant that needs it

    /// - Parameter capacity: about how many files will be claimed (a big site's claims then never
    ///   grow the tables: at 100,000 items, rehashing them was a tenth of the check).
    init(capacity: Int = 0) {
        files.reserveCapacity(capacity)
        folders.reserveCapacity(capacity)
    }

    /// Claims the file `url` is written to; reports a collision when another claimant has it.
    /// - Parameters:
    ///   - owner: who claims it, as the message names it ("content/a.md", "the Atom feed of Notes").
    ///   - what: "URL" or "alias".
    mutating func claim(_ url: URLPath, by owner: String, what: String = "URL", at location: @autoclosure () -> SourceLocation?,
                        hint: String? = nil, diagnostics: inout DiagnosticBag) {
        let file = url.outputFile
        func collide(with other: String) {
            diagnostics.error("the \(what) \(url) is also the URL of \(other)", at: location(),
                              hint: hint ?? "give one of them another 'slug:' or move it")
        }
        if let first = files[file] {
            if first != owner { collide(with: first) }
            return
        }
        if let first = folders[file] {
            collide(with: first)
            return
        }
        // A folder an earlier claim needs has every folder above it claimed too, and none of them
        // is a file (a claim that met a file stopped there): the walk up ends at the first such.
        var folder = Paths.parent(of: file)
        var parents: [String] = []
        while !folder.isEmpty, folders[folder] == nil {
            if let first = files[folder] {
                collide(with: first)
                return
            }
            parents.append(folder)
            folder = Paths.parent(of: folder)
        }
        files[file] = owner
        for parent in parents { folders[parent] = owner }
    }

    /// Whether `content/robots.txt` exists: it is copied instead of the robots.txt Cellar writes.
    static func hasOwnRobots(_ staticFiles: [String]) -> Bool {
        staticFiles.contains("robots.txt")
    }

    /// Two things on one URL are an error naming both: items, aliases, sections and the pages
    /// Cellar generates (pagination, feeds, tag pages), and files copied from `content/`.
    static func check(_ items: [ContentItem], tags: TagIndex, site: LoadedSite, diagnostics: inout DiagnosticBag) {
        var claims = URLClaims(capacity: items.count + site.scan.staticFiles.count + 64)
        let layout = site.layout
        let config = site.config
        // A robots.txt of the site's own replaces the one Cellar would write.
        let written = URLClaims.hasOwnRobots(site.scan.staticFiles) ? ["sitemap.xml", "404.html"] : ["sitemap.xml", "robots.txt", "404.html"]
        for file in written {
            claims.claim(URLPath(file), by: "a file Cellar writes", at: nil, diagnostics: &diagnostics)
        }
        claims.claim(.root, by: "the home page", at: nil, diagnostics: &diagnostics)
        // The search page the theme draws when the site has search (an imported "search" page of the source would land there).
        if config.search ?? (site.theme.layouts["search"] != nil), site.theme.layouts["search"] != nil {
            // One per language of a multilingual site (`vi/search/`).
            let prefixes = config.languages.isMultilingual ? config.languages.all.map(\.prefix) : [""]
            for prefix in prefixes {
                claims.claim(SiteSearch.page(prefix: prefix), by: "the search page", at: config.locations["search"],
                             hint: "give it another 'slug:', or set 'search: false' in \(config.file)", diagnostics: &diagnostics)
            }
        }
        for format in FeedCatalog.formats {
            claims.claim(URLPath(format.file), by: "the site's \(format.label) feed", at: nil, diagnostics: &diagnostics)
        }
        for alias in config.feedAliases {
            claims.claim(alias, by: "the site's feed (feed_aliases)", at: config.locations["feed_aliases"],
                         hint: "choose another address in feed_aliases", diagnostics: &diagnostics)
        }
        var counts: [String: Int] = [:]
        for item in items { counts[item.sectionID, default: 0] += 1 }
        // The theme's assets are copied to the root of the output: nothing else may land on them.
        for asset in site.theme.assets.sorted() {
            let shown = site.theme.files.display(of: "assets/" + asset)
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
            claims.claim(item.url, by: item.file, at: item.fields["slug"]?.location ?? item.location, diagnostics: &diagnostics)
        }
        for item in items {
            for (index, alias) in item.aliases.enumerated() {
                let location = (item.fields["aliases"].flatMap { field -> SourceLocation? in
                    if case .list(let entries) = field.value, index < entries.count { return entries[index].location }
                    return field.location
                }) ?? item.location
                guard let url = AliasPath.url(for: alias) else {
                    diagnostics.error("alias '\(alias)' must be a path on this site, such as /old/path/", at: location,
                                      hint: "aliases may not contain '..', '\\\\', a scheme or a host")
                    continue
                }
                claims.claim(url, by: item.file, what: "alias", at: location,
                             hint: "remove the alias, or the item that already lives there", diagnostics: &diagnostics)
            }
        }
    }
}
