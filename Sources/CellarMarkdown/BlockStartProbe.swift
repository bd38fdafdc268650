internal import CCmark

/// Whether a line, outside any paragraph, would open a block of its own (quote, heading, fence, HTML,
/// rule, list item, indented code): such a line ends a table. libcmark itself answers, on the line alone.
enum BlockStartProbe {
    static func opensBlock(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        var columns = 0
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 {
            columns = bytes[index] == 0x09 ? (columns / 4 + 1) * 4 : columns + 1
            index += 1
        }
        guard index < bytes.endIndex else { return false }
        if columns >= 4 { return true }
        switch bytes[index] {
        case UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "<"),
             UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                guard let document = cmark_parse_document(text.baseAddress, text.count, CMARK_OPT_DEFAULT) else {
                    return false
                }
                defer { cmark_node_free(document) }
                guard let first = cmark_node_first_child(document) else { return false }
                return cmark_node_get_type(first) != CMARK_NODE_PARAGRAPH
            }
        }
    }
}
