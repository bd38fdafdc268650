internal import CellarEscaping

/// The HTML around highlighted lines: `<pre class="highlight" data-lang="…"><code>`, and with
/// line options a `<span class="hl-line">` per line (`hl-marked` on marked lines) and line
/// numbers as empty `aria-hidden` spans whose `data-ln` CSS draws (see ``CodeHighlighter/stylesheet``).
struct CodeBlockMarkup {
    /// The `data-lang` value, unescaped; no attribute when `nil`.
    var language: String?
    var options: CodeBlockOptions

    /// `html` holds one line of HTML per line of code, separated by "\n" (`lineCount` of them).
    func render(_ html: String, lineCount: Int) -> String {
        let open = "<pre class=\"highlight\"" + (language.map { " data-lang=\"\(Escaping.htmlText($0))\"" } ?? "") + "><code>"
        let close = "</code></pre>"
        guard lineCount > 0 else { return open + close }
        guard options.lineNumbers != nil || !options.markedLines.isEmpty else {
            return open + html + "\n" + close
        }
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        var code = open
        code.reserveCapacity(html.utf8.count + lines.count * 80 + 64)
        for (index, line) in lines.enumerated() {
            code += options.isMarked(index + 1) ? "<span class=\"hl-line hl-marked\">" : "<span class=\"hl-line\">"
            if options.lineNumbers == .inline {
                code += lineNumber(index, marked: false, hidden: true)
            }
            code += line
            code += "\n</span>"
        }
        code += close
        guard options.lineNumbers == .table else { return code }
        var gutter = "<pre class=\"hl-gutter\" aria-hidden=\"true\">"
        for index in lines.indices {
            gutter += lineNumber(index, marked: options.isMarked(index + 1), hidden: false) + "\n"
        }
        gutter += "</pre>"
        return "<div class=\"highlight-table\">" + gutter + code + "</div>"
    }

    private func lineNumber(_ index: Int, marked: Bool, hidden: Bool) -> String {
        "<span class=\"hl-ln\(marked ? " hl-marked" : "")\" data-ln=\"\(options.firstLineNumber + index)\"\(hidden ? " aria-hidden=\"true\"" : "")></span>"
    }
}
