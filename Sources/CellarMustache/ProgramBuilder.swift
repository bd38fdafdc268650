/// Builds a ``Program`` from a parse tree: text goes into one buffer, names into a table.
struct ProgramBuilder {
    var instructions: [Program.Instruction] = []
    var text: [UInt8] = []
    var lineStarts: [Int] = []
    var paths: [VariablePath] = []
    var partials: [PartialNode] = []
    var parents: [ParentNode] = []
    var blocks: [BlockNode] = []
    private var pathIndex: [VariablePath: Int32] = [:]

    mutating func add(_ nodes: [MustacheNode]) {
        for node in nodes {
            switch node {
            case .text(let string, let starts):
                let start = text.count
                let firstLine = lineStarts.count
                text += string.utf8
                lineStarts += starts.map { start + $0 }
                instructions.append(.text(
                    start: Int32(start), end: Int32(text.count),
                    firstLine: Int32(firstLine), endLine: Int32(lineStarts.count)))
            case .variable(let path, let escaped):
                instructions.append(.variable(path: index(of: path), escaped: escaped))
            case .section(let path, let children, let inverted):
                let at = instructions.count
                instructions.append(.section(path: index(of: path), inverted: inverted, end: 0))
                add(children)
                instructions[at] = .section(path: index(of: path), inverted: inverted, end: Int32(instructions.count))
            case .partial(let partial):
                instructions.append(.partial(Int32(partials.count)))
                partials.append(partial)
            case .parent(let parent):
                instructions.append(.parent(Int32(parents.count)))
                parents.append(parent)
            case .block(let block):
                instructions.append(.block(Int32(blocks.count)))
                blocks.append(block)
            }
        }
    }

    private mutating func index(of path: VariablePath) -> Int32 {
        if let index = pathIndex[path] {
            return index
        }
        let index = Int32(paths.count)
        paths.append(path)
        pathIndex[path] = index
        return index
    }
}
