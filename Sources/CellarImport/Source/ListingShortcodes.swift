import Foundation

/// Hugo shortcodes of the site (or its theme) that list a section's pages as a definition list — a
/// glossary: `with site.GetPage "/glossary"`, `range .Pages` (`.ByTitle`…), each page's `.Title` as
/// the term and its `.Content` (`.RawContent`, `.Summary`, `.RenderShortcodes`) as the definition,
/// as `<dl>`/`<dt>` or Goldmark's `Term` + `: definition`. Cellar's built-in `definitions` draws the
/// same from the section's files, so calls to such a shortcode become `{{< definitions "/folder" >}}`.
enum ListingShortcodes {
    /// The shortcode's name → the section path it lists (`/quick-reference/glossary`).
    static func find(in tree: SourceTree, themes: [String]) -> [String: String] {
        var found: [String: String] = [:]
        let folders = ["layouts/_shortcodes", "layouts/shortcodes"] + themes.flatMap { ["themes/\($0)/layouts/_shortcodes", "themes/\($0)/layouts/shortcodes"] }
        for folder in folders.reversed() where tree.isDirectory(folder) {   // the site's own wins over its theme's
            for name in tree.names(in: folder) where name.hasSuffix(".html") {
                guard let text = tree.text(folder + "/" + name), let section = listedSection(text) else { continue }
                found[String(name.dropLast(5))] = section
            }
        }
        return found
    }

    /// The section a shortcode's template lists as a definition list, or nil when it does something else.
    static func listedSection(_ template: String) -> String? {
        let code = withoutComments(template)
        guard code.contains(".Title"),
              [".Content", ".RawContent", ".Summary", ".RenderShortcodes", ".Plain"].contains(where: code.contains),
              code.range(of: #"range\s+(\$\w+\s*:=\s*)?\.(Pages|RegularPages)\b"#, options: .regularExpression) != nil,
              code.contains("<dl") || code.contains("<dt") || code.range(of: #"(?m)^:\s*\{\{"#, options: .regularExpression) != nil
        else { return nil }
        // `GetPage "/x"`, or `$path := "/x"` … `GetPage $path`.
        let literal = #"GetPage\s+"([^"]+)""#
        if let range = code.range(of: literal, options: .regularExpression) {
            return quoted(in: String(code[range]))
        }
        guard let call = code.range(of: #"GetPage\s+\$(\w+)"#, options: .regularExpression) else { return nil }
        let variable = String(code[call].split(whereSeparator: \.isWhitespace).last?.dropFirst() ?? "")
        guard let assignment = code.range(of: "\\$\(variable)\\s*:?=\\s*\"[^\"]+\"", options: .regularExpression) else { return nil }
        return quoted(in: String(code[assignment]))
    }

    private static func quoted(in text: String) -> String? {
        guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The template without its `{{/* … */}}` comments (which often describe what it does).
    private static func withoutComments(_ text: String) -> String {
        text.replacingOccurrences(of: #"(?s)\{\{-?\s*/\*.*?\*/\s*-?\}\}"#, with: "", options: .regularExpression)
    }
}
