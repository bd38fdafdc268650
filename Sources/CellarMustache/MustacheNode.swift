/// One node of the parse tree, which ``Program`` flattens for rendering. Text carries the UTF-8
/// offsets where template lines begin, so a standalone partial can indent each line without re-parsing.
enum MustacheNode: Sendable {
    case text(String, lineStarts: [Int])
    case variable(VariablePath, escaped: Bool)
    case section(VariablePath, [MustacheNode], inverted: Bool)
    case partial(PartialNode)
    case parent(ParentNode)
    case block(BlockNode)
}
