internal import CCmark

/// GFM task list items: a list item whose paragraph starts, on the item's first line, with `[ ]`,
/// `[x]` or `[X]` and a space gets a disabled checkbox in place of the marker. Labelled, the checkbox and
/// the paragraph's text share a `<label>`: a bare checkbox has no accessible name.
enum TaskListItems {
    static func apply(under root: OpaquePointer, labelled: Bool) {
        for item in CMark.nodes(under: root, where: { $0 == CMARK_NODE_ITEM }) {
            guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  cmark_node_get_start_line(paragraph) == cmark_node_get_start_line(item),
                  let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
            else { continue }
            let literal = CMark.literal(text)
            guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]") else { continue }
            let checked: Bool
            switch literal[1] {
            case 0x20: checked = false
            case UInt8(ascii: "x"), UInt8(ascii: "X"): checked = true
            default: continue
            }
            var rest = 3
            if rest < literal.count {
                guard literal[rest] == 0x20 || literal[rest] == 0x09 else { continue }
                while rest < literal.count, literal[rest] == 0x20 || literal[rest] == 0x09 { rest += 1 }
            } else {
                // "[ ]" alone on the line: a task only when the text goes on after the line break.
                guard let next = cmark_node_next(text),
                      [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(next)) else { continue }
            }
            guard let box = CMark.customInline(enter: checkbox(checked: checked)) else { continue }
            cmark_node_insert_before(text, box)
            if rest < literal.count {
                CMark.setLiteral(text, literal[rest...])
            } else {
                cmark_node_unlink(text)
                cmark_node_free(text)
            }
            if labelled, let label = CMark.customInline(enter: "<label>", exit: "</label>") {
                CMark.moveChildren(of: paragraph, to: label)
                cmark_node_append_child(paragraph, label)
            }
        }
    }

    /// GFM's markup: a disabled checkbox, announced by screen readers as a checked or unchecked box.
    static func checkbox(checked: Bool) -> String {
        checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> "
    }
}
