/// One term of the index and the word it was read from (both folded): they differ only when the
/// word was stemmed (`running` → `run`), and then the index keeps the word as an alias of the stem
/// so the theme's script, which cannot stem, finds `run` from what the reader types.
package struct SearchToken: Sendable, Hashable {
    package var term: String
    package var word: String

    package init(term: String, word: String) {
        self.term = term
        self.word = word
    }
}

/// Splits text into the index's terms, by script:
/// - words of Latin and every other spaced script (Vietnamese, Korean Hangul, Cyrillic, Greek…),
///   case and diacritics folded (``TextFolding``), single ASCII letters left out; stemmed with
///   Snowball when the language has an algorithm (English, French, German, Spanish… — not
///   Vietnamese or Korean);
/// - Chinese characters and Japanese kana, written without spaces: every overlapping pair of
///   characters of a run (`東京タワー` → 東京, 京タ, タワ, ワー) and every single character, so a
///   one-character query finds something too.
///
/// The item's `language:` picks the stemmer; the script of each character picks how it is split,
/// so a Japanese name in an English post is still found. Not thread-safe (it owns a stemmer).
package final class SearchTokenizer {
    /// Words longer than this (hashes, long URLs) are left out of the index.
    package static let longestWord = 40

    private let stemmer: Stemmer?
    private var stems: [String: String] = [:]
    /// Every word this tokenizer has met, and the counts of the document being read.
    private var counter = TermCounter()

    /// - Parameter numbers: the session's term numbers, which the terms this tokenizer reads then carry.
    package init(language: String, numbers: TermNumbers? = nil) {
        stemmer = Stemmer(language: language)
        counter.numbers = numbers
    }

    /// Every term of `text`, in order, repeats kept (they weigh).
    package func tokens(_ text: String) -> [SearchToken] {
        var tokens: [SearchToken] = []
        Self.split(TextFolding.fold(text)) { piece, ideographic in
            if ideographic {
                Self.ideographicTerms(piece) { tokens.append(SearchToken(term: $0, word: $0)) }
            } else {
                tokens.append(SearchToken(term: stem(piece), word: piece))
            }
        }
        return tokens
    }

    /// Each folded word (to be stemmed) and each Chinese or Japanese term (a pair or a single
    /// character, never stemmed) of `text`, in order, repeats kept: ``tokens(_:)`` without the
    /// tokens, for a caller that counts words before it stems each once.
    package func forEachPiece(_ text: String, word: (String) -> Void, ideographic: (String) -> Void) {
        Self.split(TextFolding.fold(text)) { piece, isIdeographic in
            if isIdeographic { Self.ideographicTerms(piece, ideographic) } else { word(piece) }
        }
    }

    /// The terms of weighted texts (the fields of one document): each word folded, counted, stemmed
    /// once per tokenizer (not per document), the same terms and scores as adding up ``tokens(_:)``.
    /// ASCII text (most of an English site) is folded and split in one pass over its bytes, without
    /// a String per word; other text is folded as a whole first (``TextFolding``).
    package func terms(of fields: [SearchDocument.Field]) -> DocumentTerms {
        counter.begin()
        let stem: (String) -> String = { [stemmer] word in stemmer?.stem(word) ?? word }
        for field in fields where field.weight > 0 {
            let weight = Int32(clamping: field.weight)
            var text = field.text
            let ascii = text.withUTF8 { bytes -> Bool in
                guard Self.isASCII(bytes) else { return false }
                Self.countASCII(bytes, weight: weight, into: &counter, stem: stem)
                return true
            }
            if ascii { continue }
            Self.split(TextFolding.fold(text)) { piece, ideographic in
                if ideographic {
                    Self.ideographicTerms(piece) { term in
                        var term = term
                        term.withUTF8 { counter.add($0, ideographic: true, weight: weight, stem: stem) }
                    }
                } else {
                    var piece = piece
                    piece.withUTF8 { counter.add($0, ideographic: false, weight: weight, stem: stem) }
                }
            }
        }
        return counter.finish()
    }

    /// Whether every byte is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// ``TextFolding/fold(_:)`` and ``split(_:_:)`` of ASCII text in one pass: letters and digits
    /// make words, upper case lowered as it is copied; a word of one letter or longer than
    /// ``longestWord`` is left out. A word at a time: separators skipped in a loop of their own, and
    /// each byte classed and lowered by one look-up in ``asciiWordBytes`` (the loop over every byte
    /// of every body was the largest part of reading an item: a profile of a 10,000-item build gave
    /// it 1.7 % of all samples with a comparison per class, branch by branch).
    ///
    /// Where eight bytes are left, they are read as one number (``wordBytes(_:)``): a run of eight
    /// separators is skipped at once, and a word of at most 7 bytes is found, lowered and packed
    /// with a few operations on that number, not a look-up and a branch per byte (longer words, and
    /// the last bytes of the text, are read byte by byte as before).
    private static func countASCII(_ bytes: UnsafeBufferPointer<UInt8>, weight: Int32, into counter: inout TermCounter,
                                   stem: (String) -> String) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        asciiWordBytes.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestWord + 1) { word in
                var index = 0
                // `index` is always on a separator or on a word's first byte.
                while index < count {
                    if index + 8 <= count {
                        var eight = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                        var inWord = wordBytes(eight)
                        if inWord == 0 { index += 8; continue }
                        let start = inWord.trailingZeroBitCount / 8
                        if start > 0 {
                            // The separators before a word skipped and its eight bytes read at once,
                            // not on a turn of the loop of their own (one more per word of the text).
                            index += start
                            if index + 8 > count { continue }
                            eight = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                            inWord = wordBytes(eight)
                        }
                        let ends = ~inWord & 0x8080_8080_8080_8080
                        if ends != 0 {
                            let length = ends.trailingZeroBitCount / 8
                            let packed = (eight | 0x2020_2020_2020_2020) & ((1 << (8 * UInt64(length))) - 1)
                            index += length
                            if length == 1, packed >= 0x41 { continue }   // a single letter (digits are below 0x41)
                            counter.addShort(packed, weight: weight, stem: stem)
                            continue
                        }
                    }
                    while index < count, table[Int(base[index])] == 0 { index += 1 }
                    // The word's first 8 bytes packed in a number as they are copied (most words
                    // are no longer: ``TermCounter/addShort(_:weight:stem:)``).
                    var length = 0, packed: UInt64 = 0
                    while index < count {
                        let folded = table[Int(base[index])]
                        if folded == 0 { break }
                        if length < 8 { packed |= UInt64(folded) << (8 * UInt64(length)) }
                        if length < word.count { word[length] = folded }
                        length += 1
                        index += 1
                    }
                    if length == 0 || length > longestWord { continue }
                    if length == 1, word[0] >= 0x41 { continue }   // a single letter (digits are below 0x41)
                    if length <= 8 {
                        counter.addShort(packed, weight: weight, stem: stem)
                    } else {
                        counter.add(UnsafeBufferPointer(rebasing: word[0..<length]), ideographic: false, weight: weight, stem: stem)
                    }
                }
            }
        }
    }

    /// The high bit of each byte of `eight` (eight ASCII bytes, the first lowest) set where the byte
    /// is a letter or a digit, the others 0. Each test of a range adds a constant to every byte at
    /// once (no byte carries into the next: every byte is below 0x80): `b + (0x80 - low)` has its
    /// high bit set when `b >= low`, `b + (0x7F - high)` when `b > high`. Letters are tested lowered
    /// (`| 0x20` lowers `A`–`Z` and leaves digits as they are), which is also how a word holds them.
    @inline(__always)
    static func wordBytes(_ eight: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lowered = eight | 0x2020_2020_2020_2020
        let letters = (lowered &+ ones &* (0x80 - 0x61)) & ~(lowered &+ ones &* (0x7F - 0x7A))
        let digits = (eight &+ ones &* (0x80 - 0x30)) & ~(eight &+ ones &* (0x7F - 0x39))
        return (letters | digits) & 0x8080_8080_8080_8080
    }

    /// Each ASCII byte as a word holds it (letters lowered, digits as they are), 0 for a separator.
    private static let asciiWordBytes: [UInt8] = (0..<128).map { byte -> UInt8 in
        switch UInt8(byte) {
        case 0x41...0x5A: UInt8(byte) + 0x20
        case 0x61...0x7A, 0x30...0x39: UInt8(byte)
        default: 0
        }
    }

    /// The stem of a folded word (the word itself without a stemmer), remembered.
    package func stem(_ word: String) -> String {
        guard let stemmer else { return word }
        if let known = stems[word] { return known }
        let stem = stemmer.stem(word)
        stems[word] = stem
        return stem
    }

    /// Calls `body` with each word (`false`) and each run of ideographic characters (`true`) of
    /// folded text, in order.
    package static func split(_ folded: String, _ body: (String, Bool) -> Void) {
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return splitASCII(folded, body) }
        var current = String.UnicodeScalarView()
        var currentClass = ScriptClass.separator
        func flush() {
            defer { current = String.UnicodeScalarView() }
            switch currentClass {
            case .separator: return
            case .ideographic: body(String(current), true)
            case .word:
                let count = current.count
                if count > longestWord { return }
                if count == 1, let only = current.first, only.value < 0x80, only.properties.isAlphabetic { return }
                body(String(current), false)
            }
        }
        for scalar in folded.unicodeScalars {
            let kind = ScriptClass(scalar)
            if kind != currentClass {
                flush()
                currentClass = kind
            }
            if kind != .separator { current.append(scalar) }
        }
        flush()
    }

    /// ``split(_:_:)`` for ASCII text (most of an English site), on bytes: letters and digits make words.
    private static func splitASCII(_ folded: String, _ body: (String, Bool) -> Void) {
        var folded = folded
        folded.withUTF8 { bytes in
            var start = -1
            func flush(_ end: Int) {
                defer { start = -1 }
                guard start >= 0 else { return }
                let length = end - start
                if length > longestWord { return }
                if length == 1, bytes[start] >= 0x41 { return }   // a single letter (digits are below 0x41)
                body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), false)
            }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                let word = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                if word { if start < 0 { start = index } } else { flush(index) }
            }
            flush(bytes.count)
        }
    }

    /// The bigrams and single characters of one run of Chinese or Japanese.
    package static func ideographicTerms(_ run: String, _ body: (String) -> Void) {
        let scalars = Array(run.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            body(String(Character(scalar)))
            if index + 1 < scalars.count {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(scalars[index + 1])
                body(String(pair))
            }
        }
    }

    /// What the theme's script looks up for a query, in the same order: each folded word, and for a
    /// run of Chinese or Japanese its bigrams (its one character when it has only one). Words are
    /// not stemmed: the script finds stems through the index's aliases.
    package static func queryTerms(_ query: String) -> [[String]] {
        var groups: [[String]] = []
        split(TextFolding.fold(query)) { piece, ideographic in
            guard ideographic else { groups.append([piece]); return }
            let scalars = Array(piece.unicodeScalars)
            if scalars.count == 1 { groups.append([piece]); return }
            var pairs: [String] = []
            for index in 0..<(scalars.count - 1) {
                var pair = String.UnicodeScalarView()
                pair.append(scalars[index])
                pair.append(scalars[index + 1])
                pairs.append(String(pair))
            }
            groups.append(pairs)
        }
        return groups
    }
}
