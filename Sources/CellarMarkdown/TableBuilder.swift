internal import CCmark
internal import CellarEscaping

/// Builds the HTML of a GFM table in the final tree, out of custom nodes: the cells' inline content,
/// parsed as headings at the front of the text, is moved into `<th>` and `<td>` cells. Rows with fewer
/// cells than the header get empty ones, longer rows lose the excess.
struct TableBuilder {
    /// Wrap the table in a focusable, labelled box that scrolls sideways.
    let scrollable: Bool
    /// Write a column's alignment as `style="text-align: …"` (valid HTML5) rather than GFM's `align`.
    let alignmentStyles: Bool

    init(options: MarkdownOptions) {
        scrollable = options.contains(.scrollableTables)
        alignmentStyles = options.contains(.alignmentStyles)
    }

    /// A built table and what its scrolling box's label will be made of once escapes are restored.
    struct Built {
        var node: OpaquePointer
        var headerCells: [OpaquePointer]
        /// Every cell with the original line it was written on.
        var cellOrigins: [(OpaquePointer, Int)]
    }

    func build(_ table: BlockRewriter.Table, cells: [OpaquePointer?], origins: [Int]) -> Built? {
        guard let node = CMark.customBlock(enter: "<table>", exit: "</table>"),
              let head = CMark.customBlock(enter: "<thead>", exit: "</thead>") else { return nil }
        var built = Built(node: node, headerCells: [], cellOrigins: [])
        let columns = table.alignments.count
        cmark_node_append_child(node, head)
        var body: OpaquePointer?
        if table.rows.count > 1, let tbody = CMark.customBlock(enter: "<tbody>", exit: "</tbody>") {
            cmark_node_append_child(node, tbody)
            body = tbody
        }
        for (rowIndex, row) in table.rows.enumerated() {
            guard let rowNode = CMark.customBlock(enter: "<tr>", exit: "</tr>") else { continue }
            cmark_node_append_child(rowIndex == 0 ? head : (body ?? node), rowNode)
            let tag = rowIndex == 0 ? "th" : "td"
            for column in 0..<columns {
                let alignment = alignmentStyles ? Self.style(table.alignments[column]) : Self.attribute(table.alignments[column])
                guard let cell = CMark.customInline(enter: "<\(tag)\(alignment)>", exit: "</\(tag)>\n") else { continue }
                cmark_node_append_child(rowNode, cell)
                if column < row.count, row[column] < cells.count, let heading = cells[row[column]] {
                    CMark.moveChildren(of: heading, to: cell)
                    built.cellOrigins.append((cell, origins[row[column]]))
                }
                if rowIndex == 0 { built.headerCells.append(cell) }
            }
        }
        return built
    }

    /// Writes the scrolling box around the table, labelled by its header; call once the text is final.
    func label(_ built: Built) {
        guard scrollable else { return }
        let header = built.headerCells.map { PlainText.of($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
        var label = header.isEmpty ? "Table" : "Table: " + header
        if label.count > 100 { label = String(label.prefix(99)) + "…" }
        let open = "<div class=\"table-scroll\" role=\"group\" tabindex=\"0\" aria-label=\"\(Escaping.htmlAttribute(label))\">\n<table>"
        cmark_node_set_on_enter(built.node, open)
        cmark_node_set_on_exit(built.node, "</table>\n</div>")
    }

    private static func style(_ alignment: TableRow.Alignment) -> String {
        switch alignment {
        case .none: ""
        case .left: " style=\"text-align: left\""
        case .center: " style=\"text-align: center\""
        case .right: " style=\"text-align: right\""
        }
    }

    private static func attribute(_ alignment: TableRow.Alignment) -> String {
        switch alignment {
        case .none: ""
        case .left: " align=\"left\""
        case .center: " align=\"center\""
        case .right: " align=\"right\""
        }
    }
}
