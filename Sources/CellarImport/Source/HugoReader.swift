import CellarEngine
import CellarDiagnostics
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
        var loader = DocumentLoader(tree: tree)
        let content = config.contentDir
        guard tree.isDirectory(content) else {
            throw .error("\(tree.display(content))/ is missing: a Hugo site keeps its pages there",
                         at: SourceLocation(file: config.files.first ?? tree.display(content)))
        }
        let files = tree.files(under: content)
        let relative = files.map { String($0.dropFirst(content.count + 1)) }
        let names = Set(relative)
        let leafBundles = Set(relative.filter { path in
            let name = Paths.lastComponent(of: path)
            return Leftovers.deletingExtension(name) == "index" && Self.contentExtensions.contains(Leftovers.fileExtension(name))
                && path.contains("/")
        }.map { Paths.parent(of: $0) })

        for (path, rel) in zip(files, relative) {
            let location = SourceLocation(file: tree.display(path))
            if let rule = ignoredBy(config.ignore, path) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): ignored by the site's ignoreFiles ('\(rule)')", at: location))
                report[.filesLeftOut] += 1
                continue
            }
            if let reason = Leftovers.reason(rel) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): \(reason)", at: location))
                report[.filesLeftOut] += 1
                continue
            }
            let name = Paths.lastComponent(of: rel)
            let ext = Leftovers.fileExtension(name)
            let base = Leftovers.deletingExtension(rel)
            let bundle = Self.bundle(of: rel, in: leafBundles)
            let isContent = Self.contentExtensions.contains(ext)
            if isContent, Leftovers.htmlExtensions.contains(ext),
               Leftovers.markdownExtensions.contains(where: { names.contains(base + "." + $0) }) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): the page rendered from \(Paths.lastComponent(of: base)).md, which is imported instead",
                                             at: location))
                report[.filesLeftOut] += 1
                continue
            }
            if let bundle, !(Paths.parent(of: rel) == bundle && Leftovers.deletingExtension(name) == "index" && isContent) {
                // A file of a leaf bundle (its pictures, data, nested Markdown): copied beside its page.
                site.copies.append(FileCopy(source: path, target: rel))
                continue
            }
            if isContent, let language = Self.language(of: name), config.otherLanguages.contains(language) {
                site.notes.append(ImportNote(.leftOut, .page, "\(path): a translation (\(language)); only the default language is imported",
                                             at: location))
                report[.filesLeftOut] += 1
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
            readDocument(path, rel: rel, bundle: bundle, ext: ext, loader: &loader, into: &site)
        }
        for folder in config.staticDirs where tree.isDirectory(folder) {
            copyStatic(folder, into: &site, report: &report)
        }
        let notCarried = ["layouts": "templates (the new site uses Cellar's default theme)", "themes": "themes",
                          "assets": "files for Hugo Pipes", "data": "data files", "i18n": "translations of the theme's text",
                          "archetypes": "templates for 'hugo new'", "resources": "Hugo's cache of processed files",
                          "public": "the output of 'hugo'"]
        for (folder, what) in notCarried.sorted(by: { $0.key < $1.key }) where tree.isDirectory(folder) {
            let count = tree.files(under: folder).count
            site.notes.append(ImportNote(.leftOut, .file, "\(folder)/ (\(count) file\(count == 1 ? "" : "s")): \(what)",
                                         at: SourceLocation(file: tree.display(folder))))
            report[.filesLeftOut] += count
        }
        site.notes += loader.notes
        for document in site.documents where document.role == .post || document.role == .page {
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

    private func readDocument(_ path: String, rel: String, bundle: String?, ext: String, loader: inout DocumentLoader,
                              into site: inout SourceSite) {
        let name = Paths.lastComponent(of: rel)
        let isIndex = Leftovers.deletingExtension(name) == "_index"
        let folder = bundle.map { Paths.parent(of: $0) } ?? Paths.parent(of: rel)
        let top = folder.split(separator: "/").first.map(String.init) ?? ""
        let role: SourceDocument.Role = isIndex ? (folder.isEmpty ? .homeIndex : .sectionIndex) : (top.isEmpty ? .page : .post)
        guard var document = loader.load(path, role: role, ext: ext) else { return }
        document.contentFolder = isIndex ? Paths.parent(of: rel) : folder
        document.section = isIndex ? Paths.parent(of: rel) : top
        document.fileSlug = bundle.map { Paths.lastComponent(of: $0) } ?? Leftovers.deletingExtension(name)
        document.bundle = bundle.map { Paths.join(String(path.dropLast(rel.count)), $0) }
        document.target = Leftovers.deletingExtension(rel) + ".md"
        document.modified = tree.modified(path)
        site.documents.append(document)
    }

    private func copyStatic(_ folder: String, into site: inout SourceSite, report: inout ImportReport) {
        for path in tree.files(under: folder) {
            let rel = String(path.dropFirst(folder.count + 1))
            let location = SourceLocation(file: tree.display(path))
            let ext = Leftovers.fileExtension(rel)
            if Leftovers.markdownExtensions.contains(ext) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): a Markdown file under content/ would be a page in Cellar",
                                             at: location, hint: "rename it (e.g. to .txt) to publish it as a file"))
                report[.filesLeftOut] += 1
            } else if Leftovers.cellarFiles.contains(rel) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): Cellar writes its own", at: location))
                report[.filesLeftOut] += 1
            } else if let reason = Leftovers.reason(rel) {
                site.notes.append(ImportNote(.leftOut, .file, "\(path): \(reason)", at: location))
                report[.filesLeftOut] += 1
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

    /// `post.fr.md` → `fr`.
    static func language(of name: String) -> String? {
        let parts = name.split(separator: ".")
        guard parts.count >= 3, let code = parts.dropLast().last, (2...3).contains(code.count) || code.contains("-") else { return nil }
        return code.lowercased()
    }

    private static func isInMainMenu(_ menu: LocatedNode) -> Bool {
        menu.textList().contains { $0.text.lowercased() == "main" } || menu.value("main", caseInsensitive: true) != nil
    }
}
