/// Counts prose words, Han ideographs, kana and code words (see ``MarkdownTextCounts``) over the text
/// nodes of a body in order; a word may run across nodes (`*emph*asis`) until whitespace or a break.
struct ScriptCounter {
    private(set) var counts = MarkdownTextCounts()
    private var inWord = false
    private var wordCounted = false

    /// Text outside code.
    mutating func prose(_ literal: UnsafePointer<CChar>?) {
        guard var pointer = literal.map({ UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }) else { return }
        while case let byte = pointer.pointee, byte != 0 {
            if byte < 0x80 {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                    endWord()
                } else {
                    let lower = byte | 0x20
                    if (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x7A) { letter() } else { inWord = true }
                }
                pointer += 1
                continue
            }
            let (scalar, length) = Self.decode(pointer)
            pointer += length
            guard let scalar else { inWord = true; continue }
            if Self.isHan(scalar.value) {
                counts.hanCharacters += 1
                endWord()
            } else if Self.isKana(scalar.value) {
                counts.kanaCharacters += 1
                endWord()
            } else if CharacterClass.isWhitespace(scalar) {
                endWord()
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                letter()
            } else {
                inWord = true
            }
        }
    }

    /// Text inside a code span or code block: its space-separated words.
    mutating func code(_ literal: UnsafePointer<CChar>?) {
        guard var pointer = literal else { return }
        var inCodeWord = false
        while pointer.pointee != 0 {
            let byte = UInt8(bitPattern: pointer.pointee)
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space, !inCodeWord { counts.codeWords += 1 }
            inCodeWord = !space
            pointer += 1
        }
    }

    /// A line break or the edge of a block ends the word in progress.
    mutating func endWord() {
        inWord = false
        wordCounted = false
    }

    private mutating func letter() {
        if !wordCounted {
            counts.proseWords += 1
            wordCounted = true
        }
        inWord = true
    }

    /// Han ideographs: the CJK Unified Ideographs blocks and extensions, compatibility ideographs,
    /// and the iteration and numeral marks 々 〇 〻 and Hangzhou numerals.
    static func isHan(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x323AF, 0xF900...0xFAFF, 0x2F800...0x2FA1F,
             0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B:
            return true
        default:
            return false
        }
    }

    /// Hiragana and katakana (with the prolonged sound mark ー, halfwidth forms and the kana supplements),
    /// not the katakana middle dot ・, which is punctuation.
    static func isKana(_ value: UInt32) -> Bool {
        switch value {
        case 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF,
             0xFF66...0xFF9D, 0x1B000...0x1B16F:
            return true
        default:
            return false
        }
    }

    /// The scalar starting at `pointer` and its length in bytes (nil for malformed UTF-8).
    private static func decode(_ pointer: UnsafePointer<UInt8>) -> (Unicode.Scalar?, Int) {
        let lead = pointer.pointee
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for offset in 1..<max(length, 1) {
            let next = pointer[offset]
            guard next & 0xC0 == 0x80 else { return (nil, offset) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return length == 1 ? (nil, 1) : (Unicode.Scalar(value), length)
    }
}
