internal import CCmark

/// The plain text of a subtree: text and code, line breaks as spaces, whitespace collapsed.
enum PlainText {
    static func of(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += CMark.string(cmark_node_get_literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return collapsingWhitespace(text)
    }

    /// Runs of spaces, tabs and line breaks become one space; none is left at either end.
    static func collapsingWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Straight into the new string's storage: it is never longer than the text (appending
            // to an array, then copying it into a string, checked the capacity on every byte).
            String(unsafeUninitializedCapacity: bytes.count) { output in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace {
                            output[count] = 0x20
                            count += 1
                        }
                        pendingSpace = false
                        output[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }
}
