internal import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a soft line break of the source sits between two Chinese or Japanese characters — Han,
/// kana, their punctuation and full-width forms, not Korean Hangul, which is written with spaces —
/// so that the lines join without one, as CSS Text's segment break transformation asks.
enum CJKLineJoin {
    static func joins(_ lineBreak: OpaquePointer) -> Bool {
        guard let before = edge(of: cmark_node_previous(lineBreak), last: true), isWide(before),
              let after = edge(of: cmark_node_next(lineBreak), last: false), isWide(after) else { return false }
        return true
    }

    /// The last (or first) character of the text of `node`, looking into emphasis, links and the
    /// like; read from the node's bytes in place (no copy: a body has a soft break on most lines).
    private static func edge(of node: OpaquePointer?, last: Bool) -> Unicode.Scalar? {
        var node = node
        while let current = node {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                guard let literal = cmark_node_get_literal(current) else { return nil }
                return scalar(in: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), last: last)
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK:
                node = last ? cmark_node_last_child(current) : cmark_node_first_child(current)
            default:
                return nil
            }
        }
        return nil
    }

    /// The first or last scalar of a NUL-terminated UTF-8 string; nil when it is empty or not a
    /// three- or four-byte sequence (no wide character is shorter).
    private static func scalar(in bytes: UnsafePointer<UInt8>, last: Bool) -> Unicode.Scalar? {
        var start = 0
        if last {
            let length = strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
            guard length >= 3 else { return nil }
            start = length - 1
            while start > 0, bytes[start] & 0xC0 == 0x80, length - start < 4 { start -= 1 }
        }
        let lead = bytes[start]
        let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 0
        guard count > 0 else { return nil }
        var value = UInt32(lead) & (count == 4 ? 0x07 : 0x0F)
        for offset in 1..<count {
            let next = bytes[start + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return Unicode.Scalar(value)
    }

    /// East Asian wide characters of Chinese and Japanese: ideographs, kana, CJK punctuation, full-width forms.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
