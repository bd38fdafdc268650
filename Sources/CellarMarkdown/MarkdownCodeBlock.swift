/// A fenced or indented code block, as offered to ``MarkdownRenderer/codeBlockRenderer``.
package struct MarkdownCodeBlock: Sendable, Hashable {
    /// The first word of the info string (```` ```swift ```` → `swift`); nil when there is none.
    package var language: String?
    /// The rest of the info string, trimmed (```` ```go {linenos=true} ```` → `{linenos=true}`); empty when none.
    package var attributes: String
    /// The code, ending with a line break as libcmark gives it.
    package var code: String
    /// 1-based line of the block (its opening fence, or its first line when indented) in the Markdown source.
    package var line: Int

    package init(language: String?, attributes: String, code: String, line: Int) {
        self.language = language
        self.attributes = attributes
        self.code = code
        self.line = line
    }
}
