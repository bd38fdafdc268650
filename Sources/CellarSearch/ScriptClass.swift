/// How a character takes part in words: the same classes as `search.js`'s `classOf`.
package enum ScriptClass: Sendable {
    /// Chinese characters and Japanese kana: no spaces between words, indexed as overlapping bigrams.
    case ideographic
    /// A letter, digit or mark of any other script (Latin, Vietnamese, Korean Hangul, Cyrillic…): split at the rest.
    case word
    /// Spaces, punctuation, symbols.
    case separator

    package init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            self = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) ? .word : .separator
            return
        }
        if Self.isIdeographic(value) { self = .ideographic; return }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            self = .word
        default:
            self = .separator
        }
    }

    /// Han (CJK Unified Ideographs and extensions, compatibility ideographs), Hiragana, Katakana
    /// (with its phonetic extensions and the half-width forms), and the iteration mark 々.
    static func isIdeographic(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x2FFFF).contains(value) || (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value)
            || (0xFF66...0xFF9F).contains(value) || value == 0x3005
    }
}
