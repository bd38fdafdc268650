import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// The introduction of the home page or of a section (the body of an `_index.md`) when it calls
/// shortcodes: drawn by the ``BodyRenderer`` as an item's body is — shortcodes, included files,
/// links, code — and placed at the `_index.md`'s lines.
struct IntroBody {
    var markdown: MarkdownRenderer
    var links: LinkResolver
    var shortcodes: ShortcodeRenderer
    var highlighting: CodeBlockHighlighting?
    /// Whether to keep its links and images for `cellar check` (``BodyReference``).
    var collectsReferences = false

    struct Rendered {
        var html: String
        /// Links to pages, checked with the site's.
        var links: [PageLink]
        /// The files of `content/` its shortcodes read, with their hash.
        var reads: [String: UInt64]
        /// Its links and images as written, when ``collectsReferences``.
        var references: [BodyReference]
    }

    func render(_ body: String, folder: String, file: String, firstLine: Int, page: URLPath, language: String,
                diagnostics: inout DiagnosticBag) -> Rendered {
        let id = Paths.join(folder, "_index.md")
        let source = ContentItem.Source(
            id: id, file: file, sectionID: folder, kind: "", hasPage: true, title: "", date: nil, updated: nil,
            slug: "", tags: [], draft: false, expires: nil, weight: 0, aliases: [], fields: [:], url: page,
            anchor: "intro" + (folder.isEmpty ? "" : "-" + folder.replacingOccurrences(of: "/", with: "-")),
            bundleDirectory: nil, markdown: body, bodyFirstLine: firstLine, summary: "", sourceHash: 0, language: language)
        var renderer = BodyRenderer(markdown: markdown, links: links, shortcodes: shortcodes, highlighting: highlighting)
        renderer.collectsReferences = collectsReferences
        let rendered = renderer.render(ContentItem(source: source), diagnostics: &diagnostics)
        return Rendered(html: rendered.item.body.html, links: rendered.item.body.pageLinks, reads: rendered.dataFiles,
                        references: rendered.item.body.references ?? [])
    }
}
