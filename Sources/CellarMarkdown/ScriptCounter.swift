#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard let literal else { return }
        let start = UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self)
        prose(UnsafeBufferPointer(start: start, count: strlen(literal)))
    }

    /// Text outside code, as bytes: eight ASCII bytes a step (``ProseState/step(_:)-swift.method``),
    /// a byte a step where a non-ASCII character is near and for the last few bytes.
    mutating func prose(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        // The state in locals for the loop: stored through `self`, every byte read through the raw
        // pointer (which may alias anything) made the compiler reload and store it again.
        var state = ProseState(words: words, proseWords: counts.proseWords, inRun: inRun, proseCounted: proseCounted)
        defer {
            words = state.words
            counts.proseWords = state.proseWords
            inRun = state.inRun
            proseCounted = state.proseCounted
        }
        var offset = 0
        let count = bytes.count
        while offset < count {
            if count - offset >= 8 {
                let eight = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                if eight & ProseState.highBits == 0 {
                    state.step(eight)
                    offset += 8
                    continue
                }
            }
            let byte = base[offset]
            if byte < 0x80 {
                state.step(byte)
                offset += 1
                continue
            }
            if !state.inRun { state.words += 1; state.inRun = true }
            let (scalar, length) = Self.decode(base + offset, available: count - offset)
            offset += length
            guard let scalar else { continue }
            if Self.isHan(scalar.value) {
                counts.hanCharacters += 1
                state.proseCounted = false
            } else if Self.isKana(scalar.value) {
                counts.kanaCharacters += 1
                state.proseCounted = false
            } else if CharacterClass.isWhitespace(scalar) {
                state.proseCounted = false   // (the plain word count splits at ASCII spaces only, as it always did)
            } else if !state.proseCounted, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                state.proseWords += 1
                state.proseCounted = true
            }
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

    /// The scalar starting at `pointer` and its length in bytes (nil for malformed UTF-8), reading
    /// at most `available` bytes.
    private static func decode(_ pointer: UnsafePointer<UInt8>, available: Int) -> (Unicode.Scalar?, Int) {
        let lead = pointer.pointee
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for offset in 1..<max(length, 1) {
            guard offset < available else { return (nil, offset) }
            let next = pointer[offset]
            guard next & 0xC0 == 0x80 else { return (nil, offset) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return length == 1 ? (nil, 1) : (Unicode.Scalar(value), length)
    }
}

/// The running counts of ASCII prose: words (runs of non-spaces), prose words (runs holding a letter
/// or digit, counted at their first one) and whether the run in progress is in either count yet.
struct ProseState {
    var words: Int
    var proseWords: Int
    var inRun: Bool
    var proseCounted: Bool   // the run in progress already counts as a prose word

    static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// One ASCII byte. A space is space, tab, line feed or carriage return; a letter is an ASCII
    /// letter or digit. Without branches on the text: spaces and letters alternate every few bytes,
    /// and each mispredicted branch cost more than the sums below.
    @inline(__always)
    mutating func step(_ byte: UInt8) {
        let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
        let lower = byte | 0x20
        let letter = (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        words &+= (!inRun && !space) ? 1 : 0
        proseWords &+= (!proseCounted && letter) ? 1 : 0
        proseCounted = !space && (proseCounted || letter)
        inRun = !space
    }

    /// Eight ASCII bytes at once (byte 0 in the lowest bits), with the same counts as eight calls of
    /// ``step(_:)-swift.method``: masks of spaces and letters, word starts where a non-space follows
    /// a space, and prose-word starts at each run's first letter (found by letting an addition's
    /// carry run from each run's start through its bytes that are not letters).
    @inline(__always)
    mutating func step(_ eight: UInt64) {
        let nonSpace = ~(Self.equal(eight, 0x20) | Self.equal(eight, 0x0A) | Self.equal(eight, 0x09)
                         | Self.equal(eight, 0x0D)) & Self.highBits
        let lower = eight | 0x2020_2020_2020_2020
        let letter = (Self.within(lower, 0x61, 0x7A) | Self.within(eight, 0x30, 0x39)) & nonSpace
        // Words: non-spaces whose previous byte is a space (or, for byte 0, when no run goes on).
        let wordStarts = nonSpace & ~(nonSpace << 8 | (inRun ? 0x80 : 0))
        words &+= wordStarts.nonzeroBitCount
        // Whole-byte masks, so that a carry runs through a byte into the next one.
        let runBytes = (nonSpace >> 7) &* 0xFF, letterBytes = (letter >> 7) &* 0xFF
        let plainBytes = runBytes & ~letterBytes   // in a run, not a letter
        // A run's start still waiting for its first letter (byte 0 too, unless the run going on
        // already counts), when it is not a letter itself.
        let runStarts = nonSpace & ~(nonSpace << 8 | (proseCounted ? 0x80 : 0))
        let seeds = (runStarts >> 7) & plainBytes
        // Adding a seed carries through the plain bytes after it up to the run's first letter (or
        // its end); those bytes turn to zero: the run's part before its first letter.
        let beforeLetter = plainBytes & ~(plainBytes &+ seeds)
        let counted = runBytes & ~beforeLetter   // from each run's first letter to its end
        let firstLetters = counted & ~(counted << 8 | (proseCounted ? 0xFF : 0)) & Self.lowBits
        proseWords &+= firstLetters.nonzeroBitCount
        inRun = nonSpace >> 63 != 0
        proseCounted = counted >> 63 != 0
    }

    /// The high bit of each byte of `eight` equal to `byte` (both below 0x80).
    @inline(__always)
    private static func equal(_ eight: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = eight ^ (UInt64(byte) &* lowBits)   // zero where equal, below 0x80 everywhere
        return ~(difference &+ 0x7F7F_7F7F_7F7F_7F7F) & highBits
    }

    /// The high bit of each byte of `eight` in `low...high` (all below 0x80: no carry between bytes).
    @inline(__always)
    private static func within(_ eight: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
        let atLeastLow = eight &+ UInt64(0x80 - low) &* lowBits
        let aboveHigh = eight &+ UInt64(0x7F - high) &* lowBits
        return atLeastLow & ~aboveHigh & highBits
    }
}
