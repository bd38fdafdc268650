/// Block reindentation (spec `~inheritance`): a block's content is stored without the indentation
/// its lines share, and the slot that renders it adds the slot's own indentation back.
enum BlockIndentation {
    /// A block's content with its common indentation removed, and the indentation of the slot.
    static func normalize(
        _ nodes: [MustacheNode], opening: BlockOpening, templateName: String
    ) -> (content: BlockContent, indentation: String) {
        var runs = indentationRuns(in: nodes)
        let contentHasLines = !runs.isEmpty
        if !opening.isStandalone {
            // The first line starts before the tag; its indentation is what precedes the tag.
            runs.append(opening.lineIndentation[...])
        }
        let common = commonPrefix(runs)
        let content = BlockContent(
            program: Program(common.isEmpty ? nodes : removing(common, from: nodes), templateName: templateName),
            opensOnNewLine: opening.isStandalone)
        // A standalone slot with no content lines takes its indentation from the tag.
        let slotIndentation = opening.isStandalone && !contentHasLines ? opening.lineIndentation[...] : common
        return (content, String(decoding: slotIndentation, as: UTF8.self))
    }

    /// The leading whitespace of every line in `nodes` (blank lines excepted).
    static func indentationRuns(in nodes: [MustacheNode]) -> [ArraySlice<UInt8>] {
        var runs: [ArraySlice<UInt8>] = []
        for node in nodes {
            switch node {
            case .text(let string, let lineStarts):
                let utf8 = Array(string.utf8)
                for start in lineStarts {
                    var end = start
                    while end < utf8.count && TemplateParser.isBlank(utf8[end]) { end += 1 }
                    if end < utf8.count && !TemplateParser.isBlank(utf8[end]) && TemplateParser.isWhitespace(utf8[end]) {
                        continue  // a line of only whitespace
                    }
                    runs.append(utf8[start..<end])
                }
            case .section(_, let children, _):
                runs += indentationRuns(in: children)
            case .partial(let partial):
                if let indentation = partial.indentation { runs.append(Array(indentation.utf8)[...]) }
            case .parent(let parent):
                if let indentation = parent.indentation { runs.append(Array(indentation.utf8)[...]) }
            case .block(let block):
                if block.isStandalone || !block.indentation.isEmpty { runs.append(Array(block.indentation.utf8)[...]) }
            case .variable:
                break
            }
        }
        return runs
    }

    static func commonPrefix(_ runs: [ArraySlice<UInt8>]) -> ArraySlice<UInt8> {
        guard var prefix = runs.first else { return [] }
        for run in runs.dropFirst() {
            prefix = prefix.prefix(sharedLength(prefix, run))
        }
        return prefix
    }

    static func sharedLength(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Int {
        zip(lhs, rhs).prefix(while: { $0 == $1 }).count
    }

    /// `nodes` with `prefix` (or as much of it as a line has) removed from the start of every line.
    static func removing(_ prefix: ArraySlice<UInt8>, from nodes: [MustacheNode]) -> [MustacheNode] {
        nodes.map { node in
            switch node {
            case .text(let string, let lineStarts):
                let utf8 = Array(string.utf8)
                var output: [UInt8] = []
                var starts: [Int] = []
                var copied = 0
                for start in lineStarts {
                    output += utf8[copied..<start]
                    starts.append(output.count)
                    copied = start + sharedLength(utf8[start...], prefix)
                }
                output += utf8[copied...]
                return .text(String(decoding: output, as: UTF8.self), lineStarts: starts)
            case .section(let path, let children, let inverted):
                return .section(path, removing(prefix, from: children), inverted: inverted)
            case .partial(let partial):
                guard let indentation = partial.indentation else { return node }
                return .partial(PartialNode(
                    target: partial.target, indentation: dropping(prefix, from: indentation),
                    line: partial.line, column: partial.column))
            case .parent(let parent):
                guard let indentation = parent.indentation else { return node }
                return .parent(ParentNode(
                    target: parent.target, arguments: parent.arguments,
                    indentation: dropping(prefix, from: indentation), line: parent.line, column: parent.column))
            case .block(let block):
                return .block(BlockNode(
                    name: block.name, defaultContent: block.defaultContent,
                    indentation: dropping(prefix, from: block.indentation),
                    isStandalone: block.isStandalone, line: block.line, column: block.column))
            case .variable:
                return node
            }
        }
    }

    static func dropping(_ prefix: ArraySlice<UInt8>, from indentation: String) -> String {
        let utf8 = Array(indentation.utf8)
        return String(decoding: utf8[sharedLength(utf8, prefix)...], as: UTF8.self)
    }
}
