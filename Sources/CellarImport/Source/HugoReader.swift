import CellarEngine
import CellarDiagnostics
import CellarFiles
import CellarTree
import Foundation

/// Reads a Hugo site: `content/` (leaf bundles with their files, branch bundles as sections,
/// `_index.md` settings), `static/` (copied to the root of the new site's `content/`), and says which
/// of its other folders are not carried over.
struct HugoReader {
    var tree: SourceTree

    static let contentExtensions: Set<String> = Leftovers.markdownExtensions.union(["html", "htm"])
    static let otherFormats: Set<String> = ["org", "adoc", "asciidoc", "ad", "rst", "pandoc", "pdc"]

    func read(report: inout ImportReport) throws(Diagnostic) -> SourceSite {
        let config = try HugoConfig.read(tree, report: &report)
        var site = SourceSite(settings: config.settings, urlRules: config.rules)
        site.contentDir = config.contentDir
        var loader = DocumentLoader(tree: tree, skipsLeadingBlankLines: true)
        let content = config.contentDir
        guard tree.isDirectory(content) else {
            throw .error("\(tree.display(content))/ is missing: a Hugo site keeps its pages there",
                         at: SourceLocation(file: config.files.first ?? tree.display(content)))
        }
        let translations = config.otherLanguageDirs.filter { tree.isDirectory($0.key) && $0.key != content }
        // Each language's own content folder (Hugo's per-language `contentDir`) is read as its
        // translations: `content/vi/posts/a.md` becomes `posts/a.vi.md`. A disabled language's is left out.
        var folders: [(folder: String, language: String?)] = [(content, nil)]
        for (folder, language) in translations.sorted(by: { $0.key < $1.key }) {
            guard config.otherLanguages.contains(language.lowercased()) else {
                let count = tree.files(under: folder).count
                site.notes.append(ImportNote(.leftOut, .page, "\(folder)/ (\(count) file\(count == 1 ? "" : "s")): the pages in \(language), a language the site disables",
                                             at: SourceLocation(file: tree.display(folder))))
                report[.filesLeftOut] += count
                continue
            }
            folders.append((folder, language.lowercased()))
        }
        let pages = PageNames(defaultLanguage: config.defaultLanguage.lowercased(), otherLanguages: config.otherLanguages,
                              disabledLanguages: config.disabledLanguages)
        for (content, folderLanguage) in folders {
            let files = tree.files(under: content).filter { path in
                !translations.keys.contains { $0 != content && path.hasPrefix($0 + "/") }
            }
            let relative = files.map { String($0.dropFirst(content.count + 1)) }
            let names = Set(relative)
            let leafBundles = Set(relative.filter { path in
                let name = Paths.lastComponent(of: path)
                return pages.name(of: name) == "index" && Self.contentExtensions.contains(Leftovers.fileExtension(name))
                    && path.contains("/")
            }.map { Paths.parent(of: $0) })

            for (path, rel) in zip(files, relative) {
                let location = SourceLocation(file: tree.display(path))
                if let rule = ignoredBy(config.ignore, path) {
                    site.leaveOut(.file, "\(path): ignored by the site's ignoreFiles ('\(rule)')", at: location, report: &report)
                    continue
                }
                if let reason = Leftovers.reason(rel) {
                    site.leaveOut(.file, "\(path): \(reason)", at: location, report: &report)
                    continue
                }
                let name = Paths.lastComponent(of: rel)
                let ext = Leftovers.fileExtension(name)
                let base = Leftovers.deletingExtension(rel)
                let bundle = Self.bundle(of: rel, in: leafBundles)
                let isContent = Self.contentExtensions.contains(ext)
                if isContent, Leftovers.htmlExtensions.contains(ext),
                   Leftovers.markdownExtensions.contains(where: { names.contains(base + "." + $0) }) {
                    site.leaveOut(.file, "\(path): the page rendered from \(Paths.lastComponent(of: base)).md, which is imported instead",
                                  at: location, report: &report)
                    continue
                }
                if isContent, let language = pages.disabledLanguage(of: name) {
                    site.leaveOut(.page, "\(path): a page in \(language), a language the site disables", at: location, report: &report)
                    continue
                }
                let language = isContent ? pages.otherLanguage(of: name) ?? folderLanguage : folderLanguage
                if let bundle, !(Paths.parent(of: rel) == bundle && pages.name(of: name) == "index" && isContent) {
                    if isContent, !Leftovers.htmlExtensions.contains(ext) {
                        // Hugo renders no page of a bundle's own Markdown (a resource of its page) and never publishes its text.
                        site.leaveOut(.file, "\(path): Markdown inside the leaf bundle \(bundle)/, which Hugo does not publish",
                                      at: location, report: &report)
                        continue
                    }
                    // A file of a leaf bundle (its pictures, data): copied beside its page.
                    site.copies.append(FileCopy(source: path, target: rel))
                    continue
                }
                if Self.otherFormats.contains(ext) {
                    site.notes.append(ImportNote(.problem, .page, "\(path): Cellar reads Markdown, not .\(ext)", at: location,
                                                 hint: "convert it to Markdown (pandoc -t commonmark) and import again"))
                    report[.filesLeftOut] += 1
                    continue
                }
                guard isContent, ext != "html" && ext != "htm" || tree.hasFrontMatter(path) else {
                    site.copies.append(FileCopy(source: path, target: rel))
                    continue
                }
                readDocument(path, rel: rel, bundle: bundle, ext: ext, language: language, pages: pages, loader: &loader, into: &site)
            }
        }
        for folder in config.staticDirs where tree.isDirectory(folder) {
            copyStatic(folder, into: &site, report: &report)
        }
        // A theme's static files are served too, under the site's own (which win where both have a file).
        let own = Set(site.copies.map { $0.target.lowercased() })
        for theme in config.themes where tree.isDirectory("themes/\(theme)/static") {
            var themeSite = SourceSite(settings: site.settings, urlRules: site.urlRules)
            copyStatic("themes/\(theme)/static", into: &themeSite, report: &report)
            site.copies += themeSite.copies.filter { !own.contains($0.target.lowercased()) }
            site.notes += themeSite.notes
        }
        let notCarried = ["layouts": "templates (the new site uses Cellar's default theme)", "themes": "themes",
                          "assets": "files for Hugo Pipes", "data": "data files", "i18n": "translations of the theme's text",
                          "archetypes": "templates for 'hugo new'", "resources": "Hugo's cache of processed files",
                          "public": "the output of 'hugo'"]
        let themeStatic = config.themes.map { "themes/\($0)/static/" }
        for (folder, what) in notCarried.sorted(by: { $0.key < $1.key }) where tree.isDirectory(folder) {
            let count = tree.files(under: folder).filter { path in !themeStatic.contains { path.hasPrefix($0) } }.count
            site.notes.append(ImportNote(.leftOut, .file, "\(folder)/ (\(count) file\(count == 1 ? "" : "s")): \(what)",
                                         at: SourceLocation(file: tree.display(folder))))
            report[.filesLeftOut] += count
        }
        site.notes += loader.notes
        leaveOutUnpublished(&site, report: &report)
        let hooks = ["layouts/_markup/render-link.html", "layouts/_default/_markup/render-link.html"]
            + config.themes.flatMap { ["themes/\($0)/layouts/_markup/render-link.html", "themes/\($0)/layouts/_default/_markup/render-link.html"] }
        site.settings.linkRenderHook = hooks.first(where: tree.isFile)
        site.settings.listingShortcodes = ListingShortcodes.find(in: tree, themes: config.themes)
        for document in site.documents where (document.role == .post || document.role == .page) && document.language == nil {
            if let menu = document.frontMatter?.value("menu", caseInsensitive: true), Self.isInMainMenu(menu) {
                let label = document.frontMatter?.value("linkTitle", caseInsensitive: true)?.nonEmptyText
                    ?? document.frontMatter?.value("title", caseInsensitive: true)?.nonEmptyText ?? document.fileSlug
                site.settings.menu.append(MenuLink(label: label, url: nil, document: document.path,
                                                   weight: menu.value("main", caseInsensitive: true)?.value("weight", caseInsensitive: true)?.intValue ?? 0))
            }
        }
        site.settings.menu.sort { $0.weight < $1.weight }
        return site
    }

    private func readDocument(_ path: String, rel: String, bundle: String?, ext: String, language: String?, pages: PageNames,
                              loader: inout DocumentLoader, into site: inout SourceSite) {
        let name = Paths.lastComponent(of: rel)
        let isIndex = pages.name(of: name) == "_index"
        let folder = bundle.map { Paths.parent(of: $0) } ?? Paths.parent(of: rel)
        let top = folder.split(separator: "/").first.map(String.init) ?? ""
        let role: SourceDocument.Role = isIndex ? (folder.isEmpty ? .homeIndex : .sectionIndex) : (top.isEmpty ? .page : .post)
        guard var document = loader.load(path, role: role, ext: ext) else { return }
        document.contentFolder = isIndex ? Paths.parent(of: rel) : folder
        document.section = isIndex ? Paths.parent(of: rel) : top
        document.fileSlug = bundle.map { Paths.lastComponent(of: $0) } ?? pages.name(of: name)
        document.bundle = bundle.map { Paths.join(String(path.dropLast(rel.count)), $0) }
        let base = Paths.join(Paths.parent(of: rel), pages.name(of: name))
        document.target = base + (language.map { "." + $0 } ?? "") + ".md"
        document.modified = tree.modified(path)
        document.language = language
        document.translationKey = document.frontMatter?.value("translationKey", caseInsensitive: true)?.nonEmptyText ?? base + ".md"
        if language != nil, isIndex {
            site.indexTranslations.append(document)
            return
        }
        site.documents.append(document)
    }

    /// Pages Hugo never renders — `headless: true` bundles, `build: {render: never}` (or the older
    /// `render: false`), also set for a section's pages by its `cascade` — are left out with their files.
    private func leaveOutUnpublished(_ site: inout SourceSite, report: inout ImportReport) {
        var hidden: [(folder: String, by: String)] = []
        for document in site.documents where document.role == .sectionIndex || document.role == .homeIndex {
            let cascades = document.frontMatter?.value("cascade", caseInsensitive: true).map { $0.items ?? [$0] } ?? []
            if cascades.contains(where: { Self.neverRendered($0) != nil }) {
                hidden.append((Paths.parent(of: document.path), document.path))
            }
        }
        var leftOut: Set<String> = []
        for document in site.documents {
            let own = (document.frontMatter?.value("headless", caseInsensitive: true)?.boolValue == true ? "headless: true" : nil)
                ?? document.frontMatter.flatMap(Self.neverRendered)
            let inherited = hidden.first { document.path.hasPrefix($0.folder + "/") && document.path != $0.by }
                .map { "the cascade of \($0.by)" }
            guard document.role != .homeIndex, let reason = own ?? inherited else { continue }
            leftOut.insert(document.path)
            if document.role != .sectionIndex, !document.isHTML {
                // Its text reaches other pages through `{{% include %}}`: kept as a snippet, unpublished.
                var snippet = document
                snippet.target = Self.snippetTarget(document.target)
                site.snippets.append(snippet)
                site.notes.append(ImportNote(.converted, .page, "\(document.path): Hugo renders no page of it (\(reason)); written to content/\(snippet.target), a folder of snippets that {{< include >}} draws from and that is never published",
                                             at: document.location))
                continue
            }
            site.leaveOut(.page, "\(document.path): Hugo renders no page of it (\(reason)); left out",
                          at: document.location, hint: "its text reached other pages through a shortcode of the source: copy it where it is needed", report: &report)
        }
        guard !leftOut.isEmpty else { return }
        let bundles = site.documents.filter { leftOut.contains($0.path) }.compactMap(\.bundle)
        let folders = hidden.map(\.folder)
        site.documents.removeAll { leftOut.contains($0.path) }
        site.copies.removeAll { copy in
            bundles.contains { copy.source.hasPrefix($0 + "/") } || folders.contains { copy.source.hasPrefix($0 + "/") }
        }
    }

    /// Where a page Hugo never renders goes: under its own top folder when that starts with `_`
    /// (`_common/a.md`), else under the same name with `_` before it (`snippets/a.md` →
    /// `_snippets/a.md`); a page at the top of content/ into `_snippets/`.
    static func snippetTarget(_ target: String) -> String {
        if !target.contains("/") { return "_snippets/" + target }
        return target.hasPrefix("_") ? target : "_" + target
    }

    /// `build: {render: never}` (`_build`, or Hugo's older `render: false`) in `node`, as written.
    private static func neverRendered(_ node: LocatedNode) -> String? {
        for key in ["build", "_build"] {
            guard let render = node.value(key, caseInsensitive: true)?.value("render", caseInsensitive: true) else { continue }
            if let text = render.text?.lowercased(), text == "never" || text == "false" { return "\(key): {render: \(text)}" }
        }
        return nil
    }

    private func copyStatic(_ folder: String, into site: inout SourceSite, report: inout ImportReport) {
        for path in tree.files(under: folder) {
            let rel = String(path.dropFirst(folder.count + 1))
            let location = SourceLocation(file: tree.display(path))
            let ext = Leftovers.fileExtension(rel)
            if Leftovers.markdownExtensions.contains(ext) {
                site.leaveOut(.file, "\(path): a Markdown file under content/ would be a page in Cellar",
                              at: location, hint: "rename it (e.g. to .txt) to publish it as a file", report: &report)
            } else if Leftovers.cellarFiles.contains(rel) {
                site.leaveOut(.file, "\(path): Cellar writes its own", at: location, report: &report)
            } else if let reason = Leftovers.reason(rel) {
                site.leaveOut(.file, "\(path): \(reason)", at: location, report: &report)
            } else {
                site.copies.append(FileCopy(source: path, target: rel))
            }
        }
    }

    /// The `ignoreFiles` expression that matches the path or a folder above it.
    private func ignoredBy(_ rules: IgnoreRules, _ path: String) -> String? {
        var folder = path
        while !folder.isEmpty {
            if let rule = rules.rule(ignoring: folder) { return rule }
            folder = Paths.parent(of: folder)
        }
        return nil
    }

    /// The leaf bundle a path is inside (or is the page of).
    static func bundle(of path: String, in bundles: Set<String>) -> String? {
        var folder = Paths.parent(of: path)
        var found: String?
        while !folder.isEmpty {
            if bundles.contains(folder) { found = folder }
            folder = Paths.parent(of: folder)
        }
        return found
    }


    private static func isInMainMenu(_ menu: LocatedNode) -> Bool {
        menu.textList().contains { $0.text.lowercased() == "main" } || menu.value("main", caseInsensitive: true) != nil
    }
}
