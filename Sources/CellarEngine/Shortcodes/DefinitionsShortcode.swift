import CellarDiagnostics
import CellarTree
internal import CellarEscaping
import Foundation

/// `{{< definitions "/_snippets/glossary" >}}`: every Markdown file of a folder of `content/`, as a
/// definition list — each file's `title` the term, its body (drawn like an included file's) the
/// definition, and an `id` per term made from the file's name in the site's anchor style, so that
/// `[x](/glossary/#sites-matrix)` reaches it. Terms are sorted by title, as Hugo's `.Pages.ByTitle`.
/// This is the glossary page a Hugo site writes with a shortcode ranging over a section's pages: the
/// terms stay one file each, and adding, editing or removing one redraws the page.
struct DefinitionsShortcode: BuiltinShortcode {
    let name = "definitions"
    let description = "Every Markdown file of a folder, as a definition list: titles as terms, bodies as definitions"
    let positional = ["src"]
    let arguments = Schema(builtinShortcode: "definitions", yaml: """
            src: {type: string, min: 1, description: "The folder: beside the item, or from content/ (a leading / starts there)"}
            """)

    func draw(_ arguments: [String: TypedField], context: BuiltinShortcodeContext, diagnostics: inout DiagnosticBag) -> String? {
        guard case .string(let written)? = arguments["src"]?.value else { return nil }
        let at = arguments["src"]?.location ?? context.location
        let folders = IncludeShortcode.candidates(written, from: context.directory).filter { !$0.hasSuffix(".md") }
        guard let (folder, files) = folders.lazy.map({ ($0, context.list($0)) }).first(where: { !$0.1.isEmpty }) else {
            diagnostics.error("no Markdown files in a folder of content/ at '\(written)'", at: at,
                              hint: "looked in " + folders.prefix(2).map { context.display($0) + "/" }.joined(separator: ", "))
            return nil
        }
        guard let include = context.include else {
            diagnostics.error("'\(written)' is drawn more than eight files deep (does a file include itself?)", at: at)
            return nil
        }
        var terms: [(title: String, anchor: String, path: String, text: String)] = []
        for path in files {
            guard let text = context.read(path, &diagnostics) else { continue }
            let base = Self.baseName(of: path, in: folder)
            terms.append((Self.title(of: text, file: context.display(path)) ?? base, context.anchor(base), path, text))
        }
        terms.sort { ($0.title.lowercased(), $0.path) < ($1.title.lowercased(), $1.path) }
        var html = "<dl class=\"definitions\">\n"
        for term in terms {
            guard let body = include(term.text, term.path, &diagnostics) else { continue }
            html += "<dt id=\"\(Escaping.htmlAttribute(term.anchor))\">\(Escaping.htmlText(term.title))</dt>\n<dd>\n\(body)</dd>\n"
        }
        return html + "</dl>"
    }

    /// `glossary/sites-matrix.md` → `sites-matrix`; a bundle's `glossary/term/index.md` → `term`.
    static func baseName(of path: String, in folder: String) -> String {
        let rest = folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
        let name = rest.split(separator: "/").first.map(String.init) ?? rest
        return name.hasSuffix(".markdown") ? String(name.dropLast(9)) : name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// The front matter's `title`, when it has one.
    private static func title(of text: String, file: String) -> String? {
        guard let (_, node) = try? FrontMatterSplitter.read(Array(text.utf8), file: file) else { return nil }
        guard let title = node?["title"]?.scalar?.trimmingCharacters(in: .whitespaces), !title.isEmpty else { return nil }
        return title
    }
}
