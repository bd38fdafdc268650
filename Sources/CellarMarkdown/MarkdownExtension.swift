/// The GitHub Flavored Markdown extensions Cellar adds on top of CommonMark, by the names
/// sites use in `markdown: {extensions: [...]}`.
package enum MarkdownExtension: String, CaseIterable, Sendable, Hashable {
    /// Pipe tables with a delimiter row (`| a | b |` over `| --- | :-: |`).
    case table
    /// `~~struck~~` (and `~struck~`) text, drawn as `<del>`.
    case strikethrough
    /// Bare `www.…`, `http(s)://…`, `ftp://…` and e-mail addresses become links.
    case autolink
    /// `- [ ]` and `- [x]` list items, drawn as disabled checkboxes.
    case tasklist
    /// `[^label]` references and `[^label]:` notes, gathered at the end of the body.
    case footnotes

    /// The option that switches this extension on.
    package var option: MarkdownOptions {
        switch self {
        case .table: .table
        case .strikethrough: .strikethrough
        case .autolink: .autolink
        case .tasklist: .tasklist
        case .footnotes: .footnotes
        }
    }
}
