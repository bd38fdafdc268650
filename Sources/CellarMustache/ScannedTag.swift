/// One tag as the parser found it in the source.
struct ScannedTag {
    enum Kind: Equatable {
        case variable, triple, ampersand
        case section, inverted, close
        case comment, delimiters
        case partial, parent, block

        init(sigil: UInt8?) {
            switch sigil {
            case UInt8(ascii: "{"): self = .triple
            case UInt8(ascii: "&"): self = .ampersand
            case UInt8(ascii: "#"): self = .section
            case UInt8(ascii: "^"): self = .inverted
            case UInt8(ascii: "/"): self = .close
            case UInt8(ascii: "!"): self = .comment
            case UInt8(ascii: "="): self = .delimiters
            case UInt8(ascii: ">"): self = .partial
            case UInt8(ascii: "<"): self = .parent
            case UInt8(ascii: "$"): self = .block
            default: self = .variable
            }
        }
    }

    var kind: Kind
    /// The text between the sigil and the closing delimiter, without surrounding whitespace.
    var content: String
    /// Byte offsets of the opening delimiter and just past the closing one.
    var start: Int
    var end: Int
    /// Byte offset where the tag's line begins.
    var lineStart: Int
    var line: Int
    var column: Int
}
