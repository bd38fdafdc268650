/// Bounds that keep hostile YAML from exhausting memory or the stack.
public struct YAMLLimits: Sendable, Hashable {
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// Most nodes a document may expand to, counting every copy an alias makes (stops alias bombs).
    public var maxNodes: Int
    /// Most bytes of YAML text.
    public var maxBytes: Int

    public init(maxDepth: Int = 64, maxNodes: Int = 10_000, maxBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxBytes = maxBytes
    }

    public static let `default` = YAMLLimits()
}
