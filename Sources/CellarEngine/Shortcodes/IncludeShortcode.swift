import CellarDiagnostics
import CellarFiles
import CellarTree

/// `{{< include "_common/install.md" >}}`: another Markdown file of `content/` drawn in place, as
/// part of the body that calls it — its headings (ids the page's links can reach), links, code
/// blocks and shortcodes like the body's own. A path without a leading `/` is looked for beside
/// the file that calls it first (the item, or an included file), then from `content/`; `.md`, `/index.md` and `/_index.md` are tried after the
/// path as written (Hugo's `RenderShortcodes` of a page found by `GetPage`, which sites call as an
/// `include` shortcode). Front matter of the included file is left out. Files include files up
/// to eight deep: a file that includes itself is reported, never looped.
struct IncludeShortcode: BuiltinShortcode {
    let name = "include"
    let description = "Another Markdown file of content/ drawn in place, as part of the body"
    let positional = ["src"]
    let arguments = Schema(builtinShortcode: "include", yaml: """
            src: {type: string, min: 1, description: "The file: beside the item, or from content/ (a leading / starts there); .md may be left out"}
            """)

    func draw(_ arguments: [String: TypedField], context: BuiltinShortcodeContext, diagnostics: inout DiagnosticBag) -> String? {
        guard case .string(let written)? = arguments["src"]?.value else { return nil }
        let at = arguments["src"]?.location ?? context.location
        let candidates = Self.candidates(written, from: context.directory)
        guard let path = candidates.first(where: context.exists) else {
            diagnostics.error("no file of content/ to include at '\(written)'", at: at,
                              hint: "looked for " + candidates.prefix(4).map(context.display).joined(separator: ", "))
            return nil
        }
        guard let include = context.include else {
            diagnostics.error("'\(written)' is included more than eight files deep (does a file include itself?)", at: at,
                              hint: "include \(context.display(path)) from the page itself, not from a file it includes")
            return nil
        }
        guard let text = context.read(path, &diagnostics) else { return nil }
        return include(text, path, &diagnostics)
    }

    /// The content paths `written` may name, in the order they are tried.
    static func candidates(_ written: String, from directory: String) -> [String] {
        var bases: [String] = []
        let trimmed = written.hasSuffix("/") ? String(written.dropLast()) : written
        if !trimmed.hasPrefix("/"), !directory.isEmpty, let beside = Paths.segments(of: trimmed, after: directory.split(separator: "/")) {
            bases.append(beside.joined(separator: "/"))
        }
        if let fromRoot = Paths.segments(of: trimmed) { bases.append(fromRoot.joined(separator: "/")) }
        var seen = Set<String>()
        return bases.flatMap { base in
            base.hasSuffix(".md") || base.hasSuffix(".markdown") ? [base] : [base, base + ".md", base + "/index.md", base + "/_index.md"]
        }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
