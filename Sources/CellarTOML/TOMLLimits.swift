/// Bounds that keep hostile TOML from exhausting memory or the stack (toml11 recurses into arrays
/// and inline tables, and frees deep tables recursively): the text is checked against them before
/// toml11 sees it.
public struct TOMLLimits: Sendable, Hashable {
    /// Deepest nesting of tables and arrays, the document's own table counting as one
    /// (`[a.b]` puts `b` at depth 3, as `a:\n  b:` would be in YAML).
    public var maxDepth: Int
    /// Most values a document may hold: every `key = value`, array item and table header counts.
    public var maxValues: Int
    /// Most bytes of TOML text.
    public var maxBytes: Int

    public init(maxDepth: Int = 64, maxValues: Int = 10_000, maxBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxBytes = maxBytes
    }

    public static let `default` = TOMLLimits()
}
