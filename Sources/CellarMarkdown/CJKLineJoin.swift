import CCmark

/// Whether a soft line break of the source sits between two Chinese or Japanese characters — Han,
/// kana, their punctuation and full-width forms, not Korean Hangul, which is written with spaces —
/// so that the lines join without one, as CSS Text's segment break transformation asks.
enum CJKLineJoin {
    static func joins(_ lineBreak: OpaquePointer) -> Bool {
        guard let before = edge(of: cmark_node_previous(lineBreak), last: true), isWide(before),
              let after = edge(of: cmark_node_next(lineBreak), last: false), isWide(after) else { return false }
        return true
    }

    /// The last (or first) character of the text of `node`, looking into emphasis, links and the like.
    private static func edge(of node: OpaquePointer?, last: Bool) -> Unicode.Scalar? {
        var node = node
        while let current = node {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                let text = CMark.string(cmark_node_get_literal(current))
                return last ? text.unicodeScalars.last : text.unicodeScalars.first
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK:
                node = last ? cmark_node_last_child(current) : cmark_node_first_child(current)
            default:
                return nil
            }
        }
        return nil
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
