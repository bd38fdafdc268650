/// One heading of a body, as a table of contents needs it.
public struct MarkdownHeading: Sendable, Hashable {
    /// 1 for `#`, 6 for `######`.
    public var level: Int
    /// The `id` the heading was given in the HTML.
    public var id: String
    /// Its plain text, whitespace collapsed (`## Getting *started*` → `Getting started`).
    public var text: String

    public init(level: Int, id: String, text: String) {
        self.level = level
        self.id = id
        self.text = text
    }
}
