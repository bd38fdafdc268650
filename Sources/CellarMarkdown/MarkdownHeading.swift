/// One heading of a body, as a table of contents needs it.
package struct MarkdownHeading: Sendable, Hashable {
    /// 1 for `#`, 6 for `######`.
    package var level: Int
    /// The `id` the heading was given in the HTML.
    package var id: String
    /// Its plain text, whitespace collapsed (`## Getting *started*` → `Getting started`).
    package var text: String

    package init(level: Int, id: String, text: String) {
        self.level = level
        self.id = id
        self.text = text
    }
}
