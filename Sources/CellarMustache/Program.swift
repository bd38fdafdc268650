/// A compiled body (a template's, or one block's content) as a flat list of instructions over one
/// text buffer. Instructions hold only integers, so rendering reads them in place without
/// reference counting; a section's body is the instructions up to its `end`.
final class Program: Sendable {
    enum Instruction: Sendable {
        /// `text[start..<end]`, with template lines starting at `lineStarts[firstLine..<endLine]`.
        case text(start: Int32, end: Int32, firstLine: Int32, endLine: Int32)
        case variable(path: Int32, escaped: Bool)
        /// The body is the instructions after this one, up to `end`.
        case section(path: Int32, inverted: Bool, end: Int32)
        case partial(Int32)
        case parent(Int32)
        case block(Int32)
    }

    let instructions: [Instruction]
    let text: [UInt8]
    /// Offsets into `text` where template lines begin.
    let lineStarts: [Int]
    let paths: [VariablePath]
    let partials: [PartialNode]
    let parents: [ParentNode]
    let blocks: [BlockNode]
    /// Path of the template this body comes from, for errors raised while rendering it.
    let templateName: String

    /// Flattens a parse tree.
    init(_ nodes: [MustacheNode], templateName: String) {
        var builder = ProgramBuilder()
        builder.add(nodes)
        instructions = builder.instructions
        text = builder.text
        lineStarts = builder.lineStarts
        paths = builder.paths
        partials = builder.partials
        parents = builder.parents
        blocks = builder.blocks
        self.templateName = templateName
    }
}
