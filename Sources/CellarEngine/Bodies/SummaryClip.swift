/// Shortens a first paragraph to a summary: at the last sentence end that fits, in the script's
/// punctuation (`.` `!` `?` before a space; `。` `！` `？` anywhere), else at the last place a line
/// could break — a space, or between two Chinese or Japanese characters — with an ellipsis. It cuts
/// between characters as readers see them (grapheme clusters), never inside one.
///
/// Chinese, Japanese and Korean characters weigh two, as in the lengths social networks allow:
/// each holds about what two Latin letters do, so a summary reads about as long in every script.
/// Runs once per item: a paragraph that fits is returned at once, a longer one is read only as far
/// as the cut.
enum SummaryClip {
    /// `text` when it weighs at most `length`, else its clipped form.
    static func clip(_ text: String, to length: Int) -> String {
        // No character weighs more than its UTF-8 bytes (a wide one two, in three or four bytes).
        if text.utf8.count <= length { return text }
        if let clipped = clipASCII(text, to: length) { return clipped }
        var weight = 0
        var sentenceEnd: (index: String.Index, weight: Int)?
        var wordEnd: (index: String.Index, weight: Int)?
        var index = text.startIndex
        var previousWide = false
        while index < text.endIndex {
            let character = text[index]
            let value = character.unicodeScalars.first?.value ?? 0
            let kind = Kind(value, character)
            if kind == .space {
                wordEnd = (index, weight)
            } else if previousWide, kind == .wide, !Self.isWidePunctuation(value) {
                wordEnd = (index, weight)   // a line may break between two CJK characters
            }
            weight += kind == .wide || kind == .hangul ? 2 : 1
            if weight > length { return cut(text, sentenceEnd: sentenceEnd, wordEnd: wordEnd, at: index, length: length) }
            if Self.endsSentence(value), let end = Self.sentenceEnd(after: index, wide: kind == .wide, in: text) {
                sentenceEnd = (end.index, weight + end.weight)
            }
            previousWide = kind == .wide && !Self.opens(value)
            index = text.index(after: index)
        }
        return text
    }

    // MARK: - Private

    /// The same cut, byte by byte, when the text is ASCII as far as it is read (English, most of the
    /// time): there each byte is a character. Nil when it is not.
    private static func clipASCII(_ text: String, to length: Int) -> String? {
        let bytes = text.utf8
        var sentenceEnd: Int?
        var wordEnd: Int?
        var index = bytes.startIndex
        for offset in 0...length {
            let byte = bytes[index]
            guard byte < 0x80, byte != 0x0D else { return nil }   // (CR LF is one character)
            let space = byte == 0x20 || (0x09...0x0D).contains(byte)
            if space { wordEnd = offset }
            if offset == length { break }
            if byte == 0x21 || byte == 0x2E || byte == 0x3F {
                // past closing quotes and brackets, then a space or the end
                var end = offset + 1, after = bytes.index(after: index)
                while after < bytes.endIndex, [0x22, 0x27, 0x29, 0x5D].contains(bytes[after]) {
                    end += 1
                    after = bytes.index(after: after)
                }
                if after == bytes.endIndex || [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[after]) { sentenceEnd = end }
            }
            index = bytes.index(after: index)
        }
        if let sentenceEnd, sentenceEnd * 2 >= length, sentenceEnd <= length {
            return String(text[..<bytes.index(bytes.startIndex, offsetBy: sentenceEnd)])
        }
        var cut = text[..<bytes.index(bytes.startIndex, offsetBy: (wordEnd.map { $0 * 2 >= length ? $0 : nil } ?? nil) ?? length)]
        while let last = cut.last, last.isPunctuation || last.isWhitespace || opens(last.unicodeScalars.first?.value ?? 0) {
            cut = cut.dropLast()
        }
        return cut + "…"
    }

    /// Where the text is cut once `index` no longer fits: after a sentence when one ends past half
    /// the length, else at a word's end past half of it (or at `index`) with an ellipsis.
    private static func cut(_ text: String, sentenceEnd: (index: String.Index, weight: Int)?,
                            wordEnd: (index: String.Index, weight: Int)?, at index: String.Index, length: Int) -> String {
        if let sentenceEnd, sentenceEnd.weight * 2 >= length, sentenceEnd.weight <= length {
            return String(text[..<sentenceEnd.index])
        }
        var cut = text[..<index]
        if let wordEnd, wordEnd.weight * 2 >= length { cut = text[..<wordEnd.index] }
        while let last = cut.last, last.isPunctuation || last.isWhitespace || opens(last.unicodeScalars.first?.value ?? 0) {
            cut = cut.dropLast()
        }
        return cut + "…"
    }

    /// The end of a sentence whose last character (`.`, `。`…) is at `index`: past its closing quotes
    /// and brackets, with what they weigh. Full stops of Chinese and Japanese end a sentence wherever
    /// they are; `.` `!` `?` `…` only before a space or the end (not in `3.5` or `example.org`).
    private static func sentenceEnd(after index: String.Index, wide: Bool, in text: String) -> (index: String.Index, weight: Int)? {
        var end = text.index(after: index)
        var weight = 0
        while end < text.endIndex, closes(text[end].unicodeScalars.first?.value ?? 0) {
            weight += Kind(text[end].unicodeScalars.first?.value ?? 0, text[end]) == .wide ? 2 : 1
            end = text.index(after: end)
        }
        if !wide, end < text.endIndex, !text[end].isWhitespace { return nil }
        return (end, weight)
    }

    /// `.` `!` `?` `…`, and the full stops, exclamation and question marks of Chinese and Japanese.
    private static func endsSentence(_ value: UInt32) -> Bool {
        switch value {
        case 0x21, 0x2E, 0x3F, 0x2026, 0x203C, 0x2047...0x2049, 0x3002, 0xFF01, 0xFF0E, 0xFF1F, 0xFF61: true
        default: false
        }
    }

    /// Closing quotes and brackets, which stay with the sentence they end.
    private static func closes(_ value: UInt32) -> Bool {
        switch value {
        case 0x22, 0x27, 0x29, 0x5D, 0x2019, 0x201D, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0xFF09: true
        default: false
        }
    }

    /// Opening quotes and brackets, which belong with what follows them.
    private static func opens(_ value: UInt32) -> Bool {
        switch value {
        case 0x22, 0x28, 0x5B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0xFF08: true
        default: false
        }
    }

    /// CJK punctuation (`、` `。` `」`…, full-width `，` `：`), before which no line breaks.
    private static func isWidePunctuation(_ value: UInt32) -> Bool {
        switch value {
        case 0x3001...0x3004, 0x3008...0x3011, 0x3014...0x301F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: true
        default: false
        }
    }

    /// How a character counts: a space, a Chinese or Japanese character (or their punctuation, or a
    /// full-width form), a Korean syllable (wide, but Korean breaks lines between words), or other.
    private enum Kind {
        case space, wide, hangul, other

        /// `value`: the character's first scalar.
        init(_ value: UInt32, _ character: Character) {
            switch value {
            case 0x20, 0x09...0x0D:
                self = .space
            case 0..<0x80:
                self = .other
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
                self = .hangul
            case 0x2E80...0x2FDF, 0x3001...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
                self = .wide
            default:
                self = character.isWhitespace ? .space : .other   // U+3000, no-break spaces…
            }
        }
    }
}
