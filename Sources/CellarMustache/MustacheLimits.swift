/// Bounds that keep hostile templates from exhausting memory or the stack.
public struct MustacheLimits: Sendable, Hashable {
    /// Most bytes of template source (UTF-8).
    public var maxTemplateBytes: Int
    /// Deepest nesting of sections, blocks and parent tags inside one template.
    public var maxNestingDepth: Int
    /// Most partials, parents and overridden blocks expanded inside one another while rendering.
    public var maxRecursionDepth: Int

    public init(maxTemplateBytes: Int = 4 << 20, maxNestingDepth: Int = 256, maxRecursionDepth: Int = 100) {
        self.maxTemplateBytes = maxTemplateBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxRecursionDepth = maxRecursionDepth
    }

    public static let `default` = MustacheLimits()
}
