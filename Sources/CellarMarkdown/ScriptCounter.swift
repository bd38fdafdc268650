/// Counts, in one pass over the text nodes of a body, its words as before (space-separated runs, code
/// included) and by script (see ``MarkdownTextCounts``): prose words, Han ideographs, kana, code words.
/// A word may run across inline nodes (`*emph*asis`) until whitespace, a line break or a block's edge.
struct ScriptCounter {
    private(set) var counts = MarkdownTextCounts()
    /// Space-separated runs of anything, code included (``MarkdownDocument/wordCount``).
    private(set) var words = 0
    private var inRun = false
    private var proseCounted = false   // the run in progress already counts as a prose word

    /// Text outside code.
    mutating func prose(_ literal: UnsafePointer<CChar>?) {
        guard var pointer = literal.map({ UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }) else { return }
        // The state in locals for the loop: stored through `self`, every byte read through the raw
        // pointer (which may alias anything) made the compiler reload and store it again.
        var words = self.words, inRun = self.inRun, proseCounted = self.proseCounted
        var proseWords = counts.proseWords
        let kinds = Self.asciiKinds
        defer {
            self.words = words
            self.inRun = inRun
            self.proseCounted = proseCounted
            counts.proseWords = proseWords
        }
        while case let byte = pointer.pointee, byte != 0 {
            if byte < 0x80 {
                // Without branches on the text: spaces and letters alternate every few bytes, and
                // each mispredicted branch cost more than the sums below.
                let kind = kinds[Int(byte)]
                let space = kind == Self.space, letter = kind == Self.letter
                words &+= (!inRun && !space) ? 1 : 0
                proseWords &+= (!proseCounted && letter) ? 1 : 0
                proseCounted = !space && (proseCounted || letter)
                inRun = !space
                pointer += 1
                continue
            }
            if !inRun { words += 1; inRun = true }
            let (scalar, length) = Self.decode(pointer)
            pointer += length
            guard let scalar else { continue }
            if Self.isHan(scalar.value) {
                counts.hanCharacters += 1
                proseCounted = false
            } else if Self.isKana(scalar.value) {
                counts.kanaCharacters += 1
                proseCounted = false
            } else if CharacterClass.isWhitespace(scalar) {
                proseCounted = false   // (the plain word count splits at ASCII spaces only, as it always did)
            } else if !proseCounted, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                proseWords += 1
                proseCounted = true
            }
        }
    }

    private static let space: UInt8 = 0, other: UInt8 = 1, letter: UInt8 = 2
    /// Each ASCII byte's kind: a space (space, tab, line feed, carriage return), a letter or digit, or other.
    private static let asciiKinds: [UInt8] = (0..<128).map { (value: Int) -> UInt8 in
        switch value {
        case 0x20, 0x0A, 0x09, 0x0D: space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: letter
        default: other
        }
    }

    /// A code span: its words count as code, and in the running word count.
    mutating func codeSpan(_ literal: UnsafePointer<CChar>?) {
        guard var pointer = literal else { return }
        var inCodeWord = false
        while pointer.pointee != 0 {
            let byte = UInt8(bitPattern: pointer.pointee)
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space, !inCodeWord { counts.codeWords += 1 }
            if !space, !inRun { words += 1 }
            inCodeWord = !space
            inRun = !space
            pointer += 1
        }
    }

    /// A code block: its words count as code and in the word count; it ends the word in progress.
    mutating func codeBlock(_ literal: UnsafePointer<CChar>?) {
        codeSpan(literal)
        endWord()
    }

    /// A line break or the edge of a block ends the word in progress.
    mutating func endWord() {
        inRun = false
        proseCounted = false
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
