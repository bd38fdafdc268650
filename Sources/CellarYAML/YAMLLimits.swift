/// Bounds that keep hostile YAML from exhausting memory or the stack.
package struct YAMLLimits: Sendable, Hashable {
    /// Deepest nesting of sequences and mappings.
    package var maxDepth: Int
    /// Most nodes a document may expand to, counting every copy an alias makes (stops alias bombs).
    package var maxNodes: Int
    /// Most bytes of YAML text.
    package var maxBytes: Int

    package init(maxDepth: Int = 64, maxNodes: Int = 10_000, maxBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxBytes = maxBytes
    }

    package static let `default` = YAMLLimits()
}
