internal import CCmark

/// Keeps `\~` and `\[` literal for the GFM passes, which only see text after libcmark removed the
/// backslashes: before parsing, each escape becomes a rare punctuation character (`⁓` for `\~`, `⁅` for
/// `\[`, so emphasis flanking is unchanged); afterwards they are written back, as the character in text,
/// link destinations and info strings, and as the escape in code and raw HTML, where backslashes stay.
enum EscapeMarkers {
    private static let tilde: [UInt8] = [0xE2, 0x81, 0x93]     // U+2053 SWUNG DASH
    private static let bracket: [UInt8] = [0xE2, 0x81, 0x85]   // U+2045 LEFT SQUARE BRACKET WITH QUILL

    /// The text with its escapes marked, or nil when it has none (or already holds a marker character).
    static func mark(_ bytes: [UInt8]) -> [UInt8]? {
        guard !contains(tilde, in: bytes), !contains(bracket, in: bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var marked = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "~") || next == UInt8(ascii: "[") {
                    output += next == UInt8(ascii: "~") ? tilde : bracket
                    marked = true
                } else {
                    output.append(byte)
                    output.append(next)
                }
                index += 2
                continue
            }
            output.append(byte)
            index += 1
        }
        return marked ? output : nil
    }

    /// Writes the escapes back everywhere in the tree.
    static func restore(under root: OpaquePointer) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                if let restored = replaced(CMark.literal(node), escaped: false) { CMark.setLiteral(node, Array(restored.utf8)) }
            case CMARK_NODE_CODE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if let restored = replaced(CMark.literal(node), escaped: true) { CMark.setLiteral(node, Array(restored.utf8)) }
            case CMARK_NODE_CODE_BLOCK:
                if let restored = replaced(CMark.literal(node), escaped: true) { CMark.setLiteral(node, Array(restored.utf8)) }
                if let info = replaced(bytes(cmark_node_get_fence_info(node)), escaped: false) {
                    _ = info.withCString { cmark_node_set_fence_info(node, $0) }
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                // An autolink (`<http://a/\[>`) keeps its backslashes, in its destination and its text.
                let url = bytes(cmark_node_get_url(node))
                let autolink = isAutolink(node, url: url)
                if autolink, let text = cmark_node_first_child(node),
                   let restored = replaced(CMark.literal(text), escaped: true) {
                    CMark.setLiteral(text, Array(restored.utf8))
                }
                if let url = replaced(url, escaped: autolink) { _ = url.withCString { cmark_node_set_url(node, $0) } }
                if let title = replaced(bytes(cmark_node_get_title(node)), escaped: false) {
                    _ = title.withCString { cmark_node_set_title(node, $0) }
                }
            default:
                break
            }
        }
    }

    /// A link written `<…>`: its one text child is its destination (less `mailto:`).
    private static func isAutolink(_ node: OpaquePointer, url: [UInt8]) -> Bool {
        guard cmark_node_get_type(node) == CMARK_NODE_LINK, let text = cmark_node_first_child(node),
              cmark_node_next(text) == nil, cmark_node_get_type(text) == CMARK_NODE_TEXT else { return false }
        let literal = CMark.literal(text)
        return literal == url || Array("mailto:".utf8) + literal == url
    }

    private static func bytes(_ pointer: UnsafePointer<CChar>?) -> [UInt8] {
        Array(CMark.string(pointer).utf8)
    }

    private static func replaced(_ bytes: [UInt8], escaped: Bool) -> String? {
        guard contains(tilde, in: bytes) || contains(bracket, in: bytes) else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x81,
               bytes[index + 2] == 0x93 || bytes[index + 2] == 0x85 {
                if escaped { output.append(UInt8(ascii: "\\")) }
                output.append(bytes[index + 2] == 0x93 ? UInt8(ascii: "~") : UInt8(ascii: "["))
                index += 3
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == needle[0], bytes[index + 1] == needle[1], bytes[index + 2] == needle[2] { return true }
            index += 1
        }
        return false
    }
}
