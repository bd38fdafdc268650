internal import CCmark

/// One parse of an ``AssembledSource``, indexed by line: which leaf block (paragraph, heading,
/// code, HTML, rule) and which innermost container holds each line.
struct ParsedLines {
    let assembly: AssembledSource.Assembly
    let lines: SourceLines
    private(set) var leaves: [OpaquePointer?]
    private(set) var containers: [OpaquePointer?]

    var text: [UInt8] { assembly.text }

    init(tree: OpaquePointer, assembly: AssembledSource.Assembly) {
        self.assembly = assembly
        lines = assembly.lines
        let count = lines.count + 2
        leaves = Array(repeating: nil, count: count)
        containers = Array(repeating: nil, count: count)
        guard let iterator = cmark_iter_new(tree) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let first = max(1, Int(cmark_node_get_start_line(node)))
            let last = min(count - 1, max(first, Int(cmark_node_get_end_line(node))))
            switch type {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM:
                for line in first...last { containers[line] = node }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK,
                 CMARK_NODE_THEMATIC_BREAK:
                for line in first...last { leaves[line] = node }
            default:
                break
            }
        }
    }

    func leaf(_ line: Int) -> OpaquePointer? {
        line >= 1 && line < leaves.count ? leaves[line] : nil
    }

    func container(_ line: Int) -> OpaquePointer? {
        line >= 1 && line < containers.count ? containers[line] : nil
    }

    /// Whether `line` holds text of a paragraph or setext heading (not its underline).
    func isTextLine(_ line: Int) -> Bool {
        guard let leaf = leaf(line) else { return false }
        switch cmark_node_get_type(leaf) {
        case CMARK_NODE_PARAGRAPH: return true
        case CMARK_NODE_HEADING: return line < Int(cmark_node_get_end_line(leaf))   // setext text, not the underline
        default: return false
        }
    }

    /// The last text line of the paragraph or setext heading `leaf`.
    func lastTextLine(of leaf: OpaquePointer) -> Int {
        let end = Int(cmark_node_get_end_line(leaf))
        return cmark_node_get_type(leaf) == CMARK_NODE_HEADING ? end - 1 : end
    }

    /// The content of `line`, whole.
    func range(_ line: Int) -> Range<Int> { lines.content(line) }
}
