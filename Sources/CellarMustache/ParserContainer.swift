/// A section, block or parent tag the parser has opened and not yet closed (or the template root).
struct ParserContainer {
    enum Kind {
        case root
        case section(VariablePath, inverted: Bool)
        case block(BlockOpening)
        /// `leadingWhitespace` is the indentation before a tag that starts its line (nil otherwise);
        /// it becomes the parent's indentation if the closing tag ends the line, else plain text.
        case parent(TemplateTarget, leadingWhitespace: TextBuilder?)
    }

    var kind: Kind
    /// The name as written, which the closing tag must repeat.
    var tagName: String
    var line: Int
    var column: Int
    var nodes: [MustacheNode] = []
    /// The blocks given inside a parent tag.
    var arguments: [String: BlockContent] = [:]
    /// The tags inside, as written (for ``MustacheTemplate/tags``).
    var tags: [MustacheTag] = []

    var isParentBody: Bool {
        if case .parent = kind { return true }
        return false
    }
}
