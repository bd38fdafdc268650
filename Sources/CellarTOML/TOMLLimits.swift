/// Bounds that keep hostile TOML from exhausting memory or the stack (toml11 recurses into arrays
/// and inline tables, and frees deep tables recursively): the text is checked against them before
/// toml11 sees it.
package struct TOMLLimits: Sendable, Hashable {
    /// Deepest nesting of tables and arrays, the document's own table counting as one
    /// (`[a.b]` puts `b` at depth 3, as `a:\n  b:` would be in YAML).
    package var maxDepth: Int
    /// Most values a document may hold: every `key = value`, array item and table header counts.
    package var maxValues: Int
    /// Most bytes of TOML text.
    package var maxBytes: Int
    /// Most values on one line times that line's length in bytes. toml11 copies the whole line for
    /// each value it reads there, so thousands of values on one long line would take seconds.
    package var maxLineWork: Int

    package init(maxDepth: Int = 64, maxValues: Int = 10_000, maxBytes: Int = 1 << 20, maxLineWork: Int = 1 << 24) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxBytes = maxBytes
        self.maxLineWork = maxLineWork
    }

    package static let `default` = TOMLLimits()
}
