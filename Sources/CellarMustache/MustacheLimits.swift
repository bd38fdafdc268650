/// Bounds that keep hostile templates from exhausting memory or the stack.
package struct MustacheLimits: Sendable, Hashable {
    /// Most bytes of template source (UTF-8).
    package var maxTemplateBytes: Int
    /// Deepest nesting of sections, blocks and parent tags inside one template.
    package var maxNestingDepth: Int
    /// Most partials, parents and overridden blocks expanded inside one another while rendering.
    package var maxRecursionDepth: Int
    /// Most section repetitions and partial, parent and block expansions in one render. Depth limits
    /// alone let a template multiply: `{{#list}}{{>self}}{{>self}}{{/list}}`, or sections over the same
    /// list nested twenty deep, would take longer than the universe has left.
    package var maxRenderSteps: Int
    /// Most bytes one render may produce.
    package var maxOutputBytes: Int

    package init(maxTemplateBytes: Int = 4 << 20, maxNestingDepth: Int = 256, maxRecursionDepth: Int = 100,
                maxRenderSteps: Int = 1_000_000, maxOutputBytes: Int = 256 << 20) {
        self.maxTemplateBytes = maxTemplateBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxRecursionDepth = maxRecursionDepth
        self.maxRenderSteps = maxRenderSteps
        self.maxOutputBytes = maxOutputBytes
    }

    package static let `default` = MustacheLimits()
}
