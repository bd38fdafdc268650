internal import CCmark

/// The block quotes and list items around a block, outermost first, as a first parse placed them,
/// and how each line gets through their markers and indentation to its content.
struct ContainerChain {
    enum Kind { case blockQuote, listItem }

    struct Container {
        var kind: Kind
        /// 1-based line where the container starts, and the byte of its `>` or list marker there.
        var startLine: Int
        var startByte: Int
        /// List items: columns a continuation line needs, measured after the outer containers.
        var continuationIndent = 0
        /// List items: columns of marker and spaces on the first line.
        var padding = 0
    }

    /// How far a line got.
    struct Match {
        /// How many containers (outermost first) the line continues.
        var depth: Int
        /// Where the content begins after them.
        var cursor: LineCursor
    }

    private(set) var containers: [Container] = []

    /// The containers above `node` (excluding the document), read from the parse of `text`.
    init(around node: OpaquePointer?, text: [UInt8], lines: SourceLines) {
        var found: [Container] = []
        var current = node.flatMap { cmark_node_parent($0) }
        if let node, [CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM].contains(cmark_node_get_type(node)) {
            current = node
        }
        while let container = current {
            let type = cmark_node_get_type(container)
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_ITEM {
                let line = Int(cmark_node_get_start_line(container))
                let column = Int(cmark_node_get_start_column(container))
                let start = lines.content(line).lowerBound + max(0, column - 1)
                found.append(Container(kind: type == CMARK_NODE_ITEM ? .listItem : .blockQuote,
                                       startLine: line, startByte: start))
            }
            current = cmark_node_parent(container)
        }
        containers = found.reversed()
        for index in containers.indices where containers[index].kind == .listItem {
            measureListItem(at: index, text: text, lines: lines)
        }
    }

    private init(containers: [Container]) {
        self.containers = containers
    }

    /// The outermost `depth` containers.
    func prefix(_ depth: Int) -> ContainerChain {
        ContainerChain(containers: Array(containers.prefix(depth)))
    }

    /// Gets line `line` through as many containers as it continues.
    func match(line: Int, text: [UInt8], lines: SourceLines) -> Match {
        let range = lines.content(line)
        var cursor = LineCursor(start: range.lowerBound, end: range.upperBound)
        for (depth, container) in containers.enumerated() {
            if container.startLine == line {
                cursor.move(to: container.startByte, in: text)
                open(container, cursor: &cursor, text: text)
                continue
            }
            switch container.kind {
            case .blockQuote:
                guard cursor.indent(in: text) <= 3 else { return Match(depth: depth, cursor: cursor) }
                var probe = cursor
                probe.skipWhitespace(in: text)
                guard probe.current(in: text) == UInt8(ascii: ">") else { return Match(depth: depth, cursor: cursor) }
                probe.advanceByte(in: text)
                if let next = probe.current(in: text), next == 0x20 || next == 0x09 { probe.advanceColumns(1, in: text) }
                cursor = probe
            case .listItem:
                if cursor.isBlank(in: text) { continue }
                guard cursor.indent(in: text) >= container.continuationIndent else {
                    return Match(depth: depth, cursor: cursor)
                }
                cursor.advanceColumns(container.continuationIndent, in: text)
            }
        }
        return Match(depth: containers.count, cursor: cursor)
    }

    /// Markers that put a fresh line inside every container (for lines whose own prefix was lazy).
    var continuationPrefix: [UInt8] {
        var prefix: [UInt8] = []
        for container in containers {
            switch container.kind {
            case .blockQuote: prefix += [UInt8(ascii: ">"), 0x20]
            case .listItem: prefix += [UInt8](repeating: 0x20, count: container.continuationIndent)
            }
        }
        return prefix
    }

    // MARK: - Private

    /// Consumes a container's own marker on its first line.
    private func open(_ container: Container, cursor: inout LineCursor, text: [UInt8]) {
        switch container.kind {
        case .blockQuote:
            cursor.advanceByte(in: text)   // '>'
            if let next = cursor.current(in: text), next == 0x20 || next == 0x09 { cursor.advanceColumns(1, in: text) }
        case .listItem:
            let markerStart = cursor.column
            while let byte = cursor.current(in: text), byte >= 0x30, byte <= 0x39 { cursor.advanceByte(in: text) }
            cursor.advanceByte(in: text)   // the bullet, or '.' / ')' after the digits
            let markerWidth = cursor.column - markerStart
            cursor.advanceColumns(container.padding - markerWidth, in: text)
        }
    }

    /// Reads a list item's marker and spacing from its first line (CommonMark's rules for the padding).
    private mutating func measureListItem(at index: Int, text: [UInt8], lines: SourceLines) {
        let item = containers[index]
        // Get through the outer containers on the item's first line to learn where its marker stands.
        let outer = ContainerChain(containers: Array(containers.prefix(index)))
        let outerMatch = outer.match(line: item.startLine, text: text, lines: lines)
        var cursor = outerMatch.cursor
        let baseColumn = cursor.column
        cursor.move(to: item.startByte, in: text)
        let markerColumn = cursor.column
        while let byte = cursor.current(in: text), byte >= 0x30, byte <= 0x39 { cursor.advanceByte(in: text) }
        cursor.advanceByte(in: text)
        let markerWidth = cursor.column - markerColumn
        let spaces = cursor.indent(in: text)
        let padding = (cursor.isBlank(in: text) || spaces >= 5 || spaces == 0) ? markerWidth + 1 : markerWidth + spaces
        containers[index].padding = padding
        containers[index].continuationIndent = markerColumn - baseColumn + padding
    }
}
