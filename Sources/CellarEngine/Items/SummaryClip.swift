/// Shortens a first paragraph to a summary: at the last sentence end that fits, in the script's
/// punctuation (`.` `!` `?` before a space; `。` `！` `？` anywhere), else at the last place a line
/// could break — a space, or between two Chinese or Japanese characters — with an ellipsis. It cuts
/// between characters as readers see them (grapheme clusters), never inside one.
///
/// Chinese, Japanese and Korean characters weigh two, as in the lengths social networks allow:
/// each holds about what two Latin letters do, so a summary reads about as long in every script.
enum SummaryClip {
    /// `text` when it weighs at most `length`, else its clipped form.
    static func clip(_ text: String, to length: Int) -> String {
        var weight = 0
        var sentenceEnd: (index: String.Index, weight: Int)?
        var wordEnd: (index: String.Index, weight: Int)?
        var index = text.startIndex
        var previousWide = false
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let kind = Kind(character)
            if kind == .space {
                wordEnd = (index, weight)
            } else if previousWide, kind == .wide, !character.isPunctuation {
                wordEnd = (index, weight)   // a line may break between two CJK characters
            }
            weight += kind == .wide || kind == .hangul ? 2 : 1
            if weight > length { return cut(text, sentenceEnd: sentenceEnd, wordEnd: wordEnd, at: index, length: length) }
            if let end = Self.sentenceEnd(after: index, in: text) { sentenceEnd = (end.index, weight + end.weight) }
            previousWide = kind == .wide && !Self.isOpening(character)
            index = next
        }
        return text
    }

    // MARK: - Private

    /// Where the text is cut once `index` no longer fits: after a sentence when one ends past half
    /// the length, else at a word's end past half of it (or at `index`) with an ellipsis.
    private static func cut(_ text: String, sentenceEnd: (index: String.Index, weight: Int)?,
                            wordEnd: (index: String.Index, weight: Int)?, at index: String.Index, length: Int) -> String {
        if let sentenceEnd, sentenceEnd.weight * 2 >= length, sentenceEnd.weight <= length {
            return String(text[..<sentenceEnd.index])
        }
        var cut = text[..<index]
        if let wordEnd, wordEnd.weight * 2 >= length { cut = text[..<wordEnd.index] }
        while let last = cut.last, last.isPunctuation || last.isWhitespace || isOpening(last) { cut = cut.dropLast() }
        return cut + "…"
    }

    /// The end of a sentence whose last character is at `index`: past its closing quotes and brackets,
    /// with what they weigh. Full stops of Chinese and Japanese end a sentence wherever they are;
    /// `.` `!` `?` `…` only before a space or the end (not in `3.5` or `example.org`).
    private static func sentenceEnd(after index: String.Index, in text: String) -> (index: String.Index, weight: Int)? {
        let character = text[index]
        let wide = "。！？．｡‼⁇⁈⁉".contains(character)
        guard wide || ".!?…".contains(character) else { return nil }
        var end = text.index(after: index)
        var weight = 0
        while end < text.endIndex, "」』）】〕〉》〙〗\"'”’)]".contains(text[end]) {
            weight += Kind(text[end]) == .wide ? 2 : 1
            end = text.index(after: end)
        }
        if !wide, end < text.endIndex, !text[end].isWhitespace { return nil }
        return (end, weight)
    }

    /// Opening brackets and quotes, which belong with what follows them.
    private static func isOpening(_ character: Character) -> Bool {
        "「『（【〔〈《〘〖“‘(\"[".contains(character)
    }

    /// How a character counts: a space, a Chinese or Japanese character (or their punctuation, or a
    /// full-width form), a Korean syllable (wide, but Korean breaks lines between words), or other.
    private enum Kind {
        case space, wide, hangul, other

        init(_ character: Character) {
            if character.isWhitespace {
                self = .space
                return
            }
            let value = character.unicodeScalars.first?.value ?? 0
            switch value {
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
                self = .hangul
            case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
                self = .wide
            default:
                self = .other
            }
        }
    }
}
