internal import CCmark

/// Maps lines of the parsed text back to lines of the Markdown source: the identity when the body was
/// parsed as written, the assembly's record when cells and notes were moved.
struct LineOrigins {
    private var origins: [Int]?
    /// Table cells, which sit on no line of the parsed text: the source line of each.
    var cells: [OpaquePointer: Int] = [:]

    init(origins: [Int]?) {
        self.origins = origins
    }

    /// The source line of parsed line `line` (0 when Cellar made the line up).
    func source(_ line: Int) -> Int {
        guard let origins else { return line }
        return line >= 0 && line < origins.count ? origins[line] : 0
    }

    /// The source lines of the block or cell holding `node`.
    func lines(of node: OpaquePointer) -> ClosedRange<Int>? {
        var current: OpaquePointer? = node
        while let candidate = current {
            if let line = cells[candidate] { return line...line }
            let type = cmark_node_get_type(candidate)
            if type.rawValue >= CMARK_NODE_FIRST_BLOCK.rawValue, type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue,
               type != CMARK_NODE_CUSTOM_BLOCK {
                let first = source(Int(cmark_node_get_start_line(candidate)))
                let last = source(Int(cmark_node_get_end_line(candidate)))
                if first > 0 { return first...max(first, last) }
            }
            current = cmark_node_parent(candidate)
        }
        return nil
    }
}
