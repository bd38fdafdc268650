import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// A body rendered while its file was being parsed.
struct EarlyBody: Sendable {
    var item: ContentItem
    var dependsOnLinks: Bool
    var diagnostics: [Diagnostic]
    /// Whether the body calls shortcodes (so the theme is part of what it is made from).
    var usesShortcodes = false
    /// The files of `content/` its shortcodes drew from, with the hash of their text.
    var dataFiles: [String: UInt64] = [:]
}

/// Renders bodies during parsing, on the same core and while the file is fresh in the cache, when
/// their links can be resolved before the other items are known: links to static files, sections,
/// the item's own bundle and other pages' addresses. A body that links to another item's file
/// (`../post.md`) or bundle waits for the second pass, when every item's URL is known.
struct EarlyBodies: Sendable {
    private let site: LoadedSite
    private let rules: PublishRules
    private let markdown: MarkdownRenderer
    private let shortcodes: ShortcodeRenderer
    private let highlighting: CodeBlockHighlighting?
    private let itemSources: Set<String>
    private let bundles: Set<String>
    private let sectionURLs: [String: URLPath]
    /// Whether bodies keep every link and image written in them, for `cellar check`.
    private let collectsReferences: Bool

    init(site: LoadedSite, rules: PublishRules, highlighting: CodeBlockHighlighting?, collectsReferences: Bool = false) {
        self.site = site
        self.collectsReferences = collectsReferences
        self.rules = rules
        self.highlighting = highlighting
        self.markdown = MarkdownRenderer(options: site.config.markdown)
        self.shortcodes = ShortcodeRenderer(theme: site.theme, site: site.config, files: site.scan.files,
                                            contentRoot: site.layout.content, contentDisplayRoot: site.layout.display(sitePath: "content"))
        self.itemSources = Set(site.scan.items.map(\.contentPath))
        self.bundles = Set(site.scan.items.compactMap(\.bundleDirectory))
        var sectionURLs: [String: URLPath] = ["_index.md": .root]
        for section in site.sections.values { sectionURLs[Paths.join(section.id, "_index.md")] = section.url }
        self.sectionURLs = sectionURLs
    }

    /// The item with its body rendered, or nil when it must wait (or is not published).
    func render(_ item: ContentItem) -> EarlyBody? {
        guard rules.publishes(item) else { return nil }
        let links = LinkResolver(
            siteURL: site.config.url, files: site.scan.files, pageURLs: sectionURLs, hiddenItems: [],
            bundleURLs: item.bundleDirectory.map { [$0: item.url] } ?? [:], hiddenBundles: [],
            contentDisplayRoot: site.layout.display(sitePath: "content"), policy: site.config.links)
        var found = DiagnosticBag()
        guard let rendered = BodyRenderer(markdown: markdown, links: links, shortcodes: shortcodes, highlighting: highlighting,
                                          collectsReferences: collectsReferences)
            .render(item, diagnostics: &found, waitingIf: { needsEveryItem($0, from: item) }) else { return nil }
        return EarlyBody(item: rendered.item, dependsOnLinks: rendered.dependsOnLinks, diagnostics: found.diagnostics,
                         usesShortcodes: rendered.usesShortcodes, dataFiles: rendered.dataFiles)
    }

    /// Whether resolving `reference` needs to know other items: it names another item's file, a
    /// file inside another item's bundle, or no file at all (it may be another item's alias).
    private func needsEveryItem(_ reference: MarkdownReference, from item: ContentItem) -> Bool {
        let destination = reference.destination
        if destination.isEmpty || destination.hasPrefix("#") || URLCheck.isRemote(destination) { return false }
        let target = String(destination.prefix { $0 != "?" && $0 != "#" })
        guard let path = ContentReference.resolve(target, from: item.directory) else { return false }
        if path != item.id, itemSources.contains(path) { return true }
        if !site.scan.files.contains(path) { return !(target.hasPrefix("/") && site.config.links.isOutside(target)) }
        var folder = Paths.parent(of: path)
        while !folder.isEmpty {
            if bundles.contains(folder) { return folder != item.bundleDirectory }
            folder = Paths.parent(of: folder)
        }
        return false
    }
}
