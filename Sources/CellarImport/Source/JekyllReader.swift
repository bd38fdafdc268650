import CellarDiagnostics
import CellarEngine
import CellarFiles
import CellarTree
import Foundation

/// Reads a Jekyll site: posts from every `_posts/` (and `_drafts/`), documents of collections
/// Jekyll writes, pages (Markdown files with front matter), and the files it copies as they are.
struct JekyllReader {
    var tree: SourceTree

    /// Posts from `_posts` and `_drafts` go to this Cellar section.
    static let postsSection = "posts"

    func read(report: inout ImportReport) throws(Diagnostic) -> SourceSite {
        let config = try JekyllConfig.read(tree, report: &report)
        guard config.settings.file != nil || tree.isDirectory("_posts") else {
            throw .error("\(tree.root) is not a Jekyll site: it has no _config.yml and no _posts folder",
                         hint: "give the folder that holds _config.yml; for a Hugo site, use 'cellar import hugo'")
        }
        var site = SourceSite(settings: config.settings, urlRules: config.rules)
        var loader = DocumentLoader(tree: tree)
        let special = ["_layouts": "Liquid layouts", "_includes": "Liquid includes", "_sass": "Sass stylesheets",
                       "_data": "data files", "_plugins": "Ruby plugins", "_site": "the output of jekyll build"]
        let collectionFolders = Set(config.collections.keys.map { Paths.join(config.collectionsDir, "_" + $0) })

        // Top-level folders Jekyll does not publish: said once each.
        for name in tree.names(in: "") where tree.isDirectory(name) && name.hasPrefix("_") && name != "_posts" && name != "_drafts"
            && !collectionFolders.contains(name) {
            let count = tree.files(under: name).count
            let what = special[name] ?? "a folder Jekyll ignores (its name starts with _)"
            site.notes.append(ImportNote(.leftOut, .file, "\(name)/ (\(count) file\(count == 1 ? "" : "s")): \(what)",
                                         at: SourceLocation(file: tree.display(name)),
                                         hint: name == "_layouts" || name == "_includes" ? "the new site uses Cellar's default theme" : nil))
            report[.filesLeftOut] += count
        }
        var excludedReported: Set<String> = []
        let files = tree.files(under: "") { folder in
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            if folder.split(separator: "/").count == 1, special[folder] != nil { return false }
            return !name.hasPrefix(".") && name != "node_modules" && !(folder.split(separator: "/").count == 1
                && name.hasPrefix("_") && name != "_posts" && name != "_drafts" && !collectionFolders.contains(folder))
        }
        for path in files {
            let parts = path.split(separator: "/").map(String.init)
            if let rule = config.ignore.rule(ignoring: path) {
                if excludedReported.insert(rule).inserted {
                    site.notes.append(ImportNote(.leftOut, .file, "\(path) and any other file matching '\(rule)': excluded by _config.yml",
                                                 at: SourceLocation(file: tree.display(path))))
                }
                report[.filesLeftOut] += 1
                continue
            }
            let special = parts.enumerated().contains { index, part in
                part.hasPrefix(".") || part.hasPrefix("#") || part.hasSuffix("~")
                    || part.hasPrefix("_") && part != "_posts" && part != "_drafts" && !(index == 0 && collectionFolders.contains(part))
                        && !collectionFolders.contains(parts[...index].joined(separator: "/"))
            }
            if special
                && config.ignore.rule(ignoring: path) == nil && !config.ignore.includes.contains(where: { IgnoreRules.matches(glob: $0, path: path) }) {
                continue   // _config.yml, hidden and backup files: Jekyll skips them without a word
            }
            if let reason = Leftovers.reason(path) {
                site.leaveOut(.file, "\(path): \(reason)", at: SourceLocation(file: tree.display(path)), report: &report)
                continue
            }
            if let index = parts.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }) {
                readPost(path, parts: parts, postsIndex: index, config: config, loader: &loader, into: &site, report: &report)
            } else if let label = config.collections.keys.first(where: { path.hasPrefix(Paths.join(config.collectionsDir, "_" + $0) + "/") }) {
                readDocument(path, collection: label, config: config, loader: &loader, into: &site, report: &report)
            } else {
                readPageOrFile(path, config: config, loader: &loader, into: &site, report: &report)
            }
        }
        site.notes += loader.notes
        site.settings.menu = menu(config: config, documents: site.documents)
        placePostsAtTheirList(&site)
        return site
    }

    // MARK: - Posts

    private func readPost(_ path: String, parts: [String], postsIndex: Int, config: JekyllConfig, loader: inout DocumentLoader,
                          into site: inout SourceSite, report: inout ImportReport) {
        let isDraft = parts[postsIndex] == "_drafts"
        let name = parts.last ?? path
        let ext = Leftovers.fileExtension(name)
        guard Leftovers.markdownExtensions.contains(ext) || Leftovers.htmlExtensions.contains(ext) else {
            site.leaveOut(.file, "\(path): not a post (Jekyll reads Markdown and HTML files in _posts/)",
                          at: SourceLocation(file: tree.display(path)),
                                         hint: "move it out of \(parts[postsIndex])/ to publish it as a file", report: &report)
            return
        }
        let base = Leftovers.deletingExtension(name)
        var fileDate: LooseDate?
        var slug = base
        if !isDraft {
            guard let (date, rest) = Self.splitPostName(base) else {
                site.leaveOut(.post, "\(path): a post's file name must start with its date, as in 2016-01-29-title.md",
                              at: SourceLocation(file: tree.display(path)), hint: "Jekyll does not publish it either", report: &report)
                return
            }
            fileDate = date
            slug = rest
        }
        guard var document = loader.load(path, role: .post, ext: ext) else { return }
        let inside = parts[(postsIndex + 1)...].dropLast().joined(separator: "/")
        document.section = Self.postsSection
        document.pathCategories = Array(parts[..<postsIndex])
        document.fileDate = fileDate
        document.fileSlug = slug
        document.isDraftFile = isDraft
        document.collection = "posts"
        document.modified = tree.modified(path)
        let folder = Paths.join(document.pathCategories.joined(separator: "/"), inside)
        document.target = Paths.join(Self.postsSection, isDraft ? "drafts" : "", folder, base + ".md")
        document.collectionPath = "/" + Paths.join(inside, base)
        site.documents.append(applyingDefaults(document, type: isDraft ? "drafts" : "posts", config: config))
    }

    /// `2016-1-29-hello` → (2016-01-29, `hello`), as Jekyll's `DATE_FILENAME_MATCHER` reads it.
    static func splitPostName(_ base: String) -> (LooseDate, String)? {
        let pieces = base.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard pieces.count == 4, (2...4).contains(pieces[0].count), (1...2).contains(pieces[1].count), (1...2).contains(pieces[2].count),
              pieces[0...2].allSatisfy({ $0.allSatisfy(\.isNumber) }), let date = LooseDate.parse(pieces[0...2].joined(separator: "-"))
        else { return nil }
        return (date, String(pieces[3]))
    }

    // MARK: - Collections and pages

    private func readDocument(_ path: String, collection: String, config: JekyllConfig, loader: inout DocumentLoader,
                              into site: inout SourceSite, report: inout ImportReport) {
        let folder = Paths.join(config.collectionsDir, "_" + collection)
        let ext = Leftovers.fileExtension(path)
        guard config.collections[collection] == true else {
            site.leaveOut(.file, "\(path): the collection '\(collection)' is not written by Jekyll (no 'output: true')",
                          at: SourceLocation(file: tree.display(path)), report: &report)
            return
        }
        let inside = String(path.dropFirst(folder.count + 1))
        guard Leftovers.markdownExtensions.contains(ext), tree.hasFrontMatter(path) else {
            site.copies.append(FileCopy(source: path, target: Paths.join(collection, inside)))
            return
        }
        guard var document = loader.load(path, role: .post, ext: ext) else { return }
        document.section = collection
        document.collection = collection
        document.collectionPath = "/" + Leftovers.deletingExtension(inside)
        document.fileSlug = Leftovers.deletingExtension(inside.split(separator: "/").last.map(String.init) ?? inside)
        document.modified = tree.modified(path)
        let base = Leftovers.deletingExtension(inside)
        // A folder with index.md is a bundle in Cellar: `guides/index.md` is written `guides.md`, the collection's own `index.md` `<label>.md`.
        if Paths.lastComponent(of: base) == "index" {
            let folder = Paths.parent(of: base)
            document.target = Paths.join(collection, (folder.isEmpty ? collection : folder) + ".md")
        } else {
            document.target = Paths.join(collection, base + ".md")
        }
        site.documents.append(applyingDefaults(document, type: collection, config: config))
    }

    private func readPageOrFile(_ path: String, config: JekyllConfig, loader: inout DocumentLoader, into site: inout SourceSite,
                                report: inout ImportReport) {
        let ext = Leftovers.fileExtension(path)
        let location = SourceLocation(file: tree.display(path))
        guard tree.hasFrontMatter(path) else {
            if Leftovers.markdownExtensions.contains(ext) {
                site.leaveOut(.file, "\(path): Markdown without front matter, which Jekyll copies as it is",
                              at: location, hint: "add front matter (--- title: … ---) to make it a page", report: &report)
            } else if Leftovers.cellarFiles.contains(path) {
                site.leaveOut(.file, "\(path): Cellar writes its own", at: location, report: &report)
            } else {
                site.copies.append(FileCopy(source: path, target: path))
            }
            return
        }
        let isMarkdown = Leftovers.markdownExtensions.contains(ext)
        let isHTML = Leftovers.htmlExtensions.contains(ext)
        let base = Leftovers.deletingExtension(path)
        if let feed = feedAddress(path, ext: ext) {
            site.settings.feedAliases.append(feed)
            site.notes.append(ImportNote(.converted, .file, "\(path): the site's feed, which the new site also writes at \(feed) (feed_aliases)",
                                         at: location))
            return
        }
        if base == "404" || !(isMarkdown || isHTML) {
            let what = base == "404" ? "Cellar writes its own 404 page"
                : ["scss", "sass"].contains(ext) ? "a Sass stylesheet Jekyll compiles; the new site uses the theme's CSS"
                : "a file Jekyll renders with Liquid (Cellar writes its own feeds and sitemap)"
            site.leaveOut(.file, "\(path): \(what)", at: location, report: &report)
            return
        }
        guard var document = loader.load(path, role: .page, ext: ext) else { return }
        if let section = dataSection(of: document, path: path) {
            site.dataSections.append(section)
            site.notes.append(ImportNote(.converted, .page, "\(path): a page drawn from \(section.dataFile) (a Liquid loop over site.data): its \(section.rows.count) rows are the items of the section \(section.folder)/, whose list is at the page's URL, /\(section.folder)/; the page's text around the loop is the section's introduction",
                                         at: location, hint: "the loop's markup is not carried over: the cell of the kind made for the rows draws each one; edit it to show them as the page did"))
            return
        }
        if isHTML, document.body.contains("{%") || document.body.contains("{{") {
            if document.body.contains("site.posts") || document.body.contains("paginator.posts"),
               let folder = Self.folderAddress(of: document, path: path) {
                site.postsListFolders.append(folder)
            }
            site.leaveOut(.page, "\(path): an HTML page built with Liquid (a list or a layout), which Cellar's pages replace",
                          at: location, hint: "Cellar makes the home page, section lists and tag pages itself", report: &report)
            return
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : ""
        let name = Leftovers.deletingExtension(String(path.split(separator: "/").last ?? ""))
        document.contentFolder = folder
        document.fileSlug = name
        document.section = ""
        if path == "index." + ext {
            document.role = .homeIndex
            document.target = "_index.md"
        } else if name == "index" {
            document.target = folder + ".md"   // about/index.md → about.md: a folder with index.md is a bundle in Cellar
        } else {
            document.target = Paths.join(folder, name + ".md")
        }
        site.documents.append(applyingDefaults(document, type: "pages", config: config))
    }

    /// Where a Liquid feed template (`atom.xml` writing `<feed`, `<rss` or a JSON Feed) publishes
    /// the feed, when Cellar does not write one there already.
    private func feedAddress(_ path: String, ext: String) -> String? {
        guard ["xml", "json", "atom", "rss"].contains(ext), let text = tree.text(path),
              text.contains("<feed") || text.contains("<rss") || text.contains("jsonfeed.org") else { return nil }
        let permalink = text.split(separator: "\n").prefix(30).first { $0.hasPrefix("permalink:") }
            .map { $0.dropFirst("permalink:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }
        let address = URLPaths.clean("/" + (permalink ?? path))
        return ["/feed.xml", "/rss.xml", "/feed.json"].contains(address) || address.hasSuffix("/") ? nil : address
    }

    /// The page as a section of the rows it loops over, when it has one such loop, a folder URL
    /// (`permalink: /showcase/`, or an `index.html`) and a data file that is a list of mappings.
    private func dataSection(of document: SourceDocument, path: String) -> DataSection? {
        guard document.body.contains("site.data."), let loop = DataSection.loop(in: document.body),
              let folder = Self.folderAddress(of: document, path: path),
              let (file, rows) = DataSection.rows(of: loop.data, in: tree) else { return nil }
        var page = document
        var intro = document.body
        intro.replaceSubrange(loop.range, with: "")
        page.body = intro
        let title = document.frontMatter?["title"]?.nonEmptyText ?? JekyllSlug.titleize(Paths.lastComponent(of: folder))
        return DataSection(folder: folder, title: title, description: document.frontMatter?["description"]?.nonEmptyText,
                           page: page, dataFile: file, kind: "", rows: loop.reversed ? rows.reversed() : rows)
    }

    /// The folder a list page is published at (`/news/` → `news`), from its `permalink:` or its `index.html`.
    private static func folderAddress(of document: SourceDocument, path: String) -> String? {
        let url = document.frontMatter?["permalink"]?.nonEmptyText
            ?? (Paths.lastComponent(of: path).hasPrefix("index.") ? "/" + Paths.parent(of: path) + "/" : nil)
        guard let url, url.hasSuffix("/") else { return nil }
        let folder = URLPaths.clean(url).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return folder.isEmpty ? nil : folder
    }

    /// A Liquid page listing the posts at `/news/` (or `/blog/`): the posts' section takes that folder,
    /// so the list is still at its address — unless something else of the site is there.
    private func placePostsAtTheirList(_ site: inout SourceSite) {
        guard let folder = site.postsListFolders.first, folder != Self.postsSection,
              !site.documents.contains(where: { $0.collection != "posts" && $0.target.hasPrefix(folder + "/") }),
              !site.copies.contains(where: { $0.target.hasPrefix(folder + "/") }) else { return }
        for index in site.documents.indices where site.documents[index].collection == "posts" {
            site.documents[index].section = folder
            site.documents[index].target = folder + site.documents[index].target.dropFirst(Self.postsSection.count)
        }
        site.notes.append(ImportNote(.converted, .section, "the posts are the section \(folder)/, whose list is at /\(folder)/ as the source's was",
                                     at: nil))
    }

    /// The document with `defaults:` that apply to it, under the keys its own front matter does not set.
    private func applyingDefaults(_ document: SourceDocument, type: String, config: JekyllConfig) -> SourceDocument {
        let defaults = config.defaults(for: document.path, type: type)
        guard !defaults.isEmpty else { return document }
        var document = document
        var pairs = document.frontMatter?.pairs ?? []
        var merged: [String: LocatedNode.Pair] = [:]
        for values in defaults { for pair in values.pairs ?? [] { if let key = pair.key.scalar { merged[key] = pair } } }
        let own = Set(pairs.compactMap(\.key.scalar))
        for key in merged.keys.sorted() where !own.contains(key) { if let pair = merged[key] { pairs.append(pair) } }
        document.frontMatter = LocatedNode(.mapping(pairs), at: document.frontMatter?.location ?? document.location)
        return document
    }

    /// minima's `header_pages:` as menu links.
    private func menu(config: JekyllConfig, documents: [SourceDocument]) -> [MenuLink] {
        config.headerPages.enumerated().compactMap { index, page in
            guard let document = documents.first(where: { $0.path == page }) else { return nil }
            let title = document.frontMatter?["title"]?.nonEmptyText ?? JekyllSlug.titleize(document.fileSlug)
            return MenuLink(label: title, url: nil, document: document.path, weight: index + 1)
        }
    }
}
