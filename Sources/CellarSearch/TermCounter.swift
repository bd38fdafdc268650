/// Counts one document's terms at a time for one tokenizer (one thread), remembering every word it
/// has met: a site's words repeat from item to item, so each distinct word is folded into a String,
/// stemmed and looked up by its stem once per process, and every later occurrence costs one hash of
/// its bytes and one probe of an open-addressing table — no String made, no Swift `Hasher`.
///
/// The profile of a 10,000-item build (perf, release) before this: hashing Strings into per-document
/// `[String: Int]` dictionaries, making a String per word and stemming lookups were 19 % of the
/// build's samples, the largest part of the index's cost.
struct TermCounter {
    /// Each distinct piece met: its text, its term and whether the term differs from it (an alias),
    /// apart (reading a word's term copies no String).
    private var wordTexts: [String] = []
    private var wordTerms: [Int32] = []
    private var wordIsAlias: [Bool] = []
    /// An alias's number in ``numbers`` (-1: none).
    private var wordNumbers: [Int32] = []
    /// The words of more than 8 bytes and the ideographic terms (``table``'s entries): where each
    /// one's key (a kind byte, then its UTF-8) is in `keys`, and its word's number.
    private var keyStart: [Int32] = []
    private var keyLength: [Int32] = []
    private var keys: [UInt8] = []
    private var longWords: [Int32] = []
    /// Those words by the FNV-1a hash of their key.
    private var table = HashSlots(capacity: 1024)
    /// The other words (``addShort(_:weight:stem:)``): each one's bytes packed, and its word's number.
    private var shortPacked: [UInt64] = []
    private var shortWords: [Int32] = []
    private var shortTable = HashSlots(capacity: 2048)

    private var termTexts: [String] = []
    /// `termNumbers[i]`: the number ``numbers`` gives `termTexts[i]`.
    private var termNumbers: [Int32] = []
    /// The session's term numbers, when the documents' terms carry them.
    var numbers: TermNumbers?
    private var termByText: [String: Int32] = [:]

    /// The current document (every per-document value below is valid when its stamp is this one).
    private var stamp: Int32 = 0
    private var wordStamp: [Int32] = []
    private var wordScore: [Int32] = []
    private var termStamp: [Int32] = []
    private var termScore: [Int32] = []
    private var order: [Int32] = []
    private var termOrder: [Int32] = []

    init() {}

    /// Starts a document.
    mutating func begin() {
        stamp &+= 1
        if stamp == Int32.max {
            stamp = 1
            for index in wordStamp.indices { wordStamp[index] = 0 }
            for index in termStamp.indices { termStamp[index] = 0 }
        }
        order.removeAll(keepingCapacity: true)
        termOrder.removeAll(keepingCapacity: true)
    }

    /// Counts one occurrence of a folded word (`ideographic`: a Chinese or Japanese term, never
    /// stemmed) given by its UTF-8 bytes, `weight` times. `stem` is asked once per distinct word.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, ideographic: Bool, weight: Int32, stem: (String) -> String) {
        if !ideographic, bytes.count <= 8 {
            var packed: UInt64 = 0
            for (index, byte) in bytes.enumerated() { packed |= UInt64(byte) << (8 * UInt64(index)) }
            return addShort(packed, weight: weight, stem: stem)
        }
        var hash = Self.seed(ideographic: ideographic)
        for byte in bytes { hash = Self.hash(hash, byte) }
        count(lookup(bytes, hash: hash, ideographic: ideographic, stem: stem), weight: weight)
    }

    /// ``add(_:ideographic:weight:stem:)`` of a word (not ideographic) of at most 8 bytes, given
    /// packed in a number, its first byte lowest (no byte of a word is 0, so the number says its
    /// length too). Most words of a text are this short: each is found by one
    /// multiply-and-shift hash and one comparison of two numbers, not a hash and a comparison byte
    /// by byte (which were most of the time spent on each word of a body).
    mutating func addShort(_ packed: UInt64, weight: Int32, stem: (String) -> String) {
        var hash = packed &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        let (found, slot) = shortTable.find(hash) { shortPacked[$0] == packed }
        if let found { return count(shortWords[found], weight: weight) }
        var bytes = packed.littleEndian
        let word = withUnsafeBytes(of: &bytes) { raw in
            let length = (64 - packed.leadingZeroBitCount + 7) / 8
            return newWord(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<length]), ideographic: false, stem: stem)
        }
        shortTable.insert(hash, at: slot)
        shortPacked.append(packed)
        shortWords.append(word)
        count(word, weight: weight)
    }

    @inline(__always)
    private mutating func count(_ word: Int32, weight: Int32) {
        let index = Int(word)
        if wordStamp[index] != stamp {
            wordStamp[index] = stamp
            wordScore[index] = 0
            order.append(word)
        }
        wordScore[index] &+= weight
    }

    /// The document's terms, in the order their words first occur (a deterministic order: the same
    /// text gives the same arrays), scores capped at ``SearchIndex/highestScore``.
    mutating func finish() -> DocumentTerms {
        var result = DocumentTerms()
        for word in order {
            let word = Int(word)
            let term = Int(wordTerms[word])
            if termStamp[term] != stamp {
                termStamp[term] = stamp
                termScore[term] = 0
                termOrder.append(Int32(term))
            }
            termScore[term] = min(Int32(SearchIndex.highestScore), termScore[term] &+ wordScore[word])
            if wordIsAlias[word] {
                if let numbers {
                    result.appendAlias(word: wordNumbers[word], stem: termNumbers[term], numbers: numbers)
                } else {
                    result.appendAlias(wordTexts[word], stem: termTexts[term])
                }
            }
        }
        result.reserveTerms(termOrder.count, numbered: numbers != nil)
        if let numbers {
            for term in termOrder {
                result.append(number: termNumbers[Int(term)], score: UInt8(termScore[Int(term)]), numbers: numbers)
            }
        } else {
            for term in termOrder { result.append(termTexts[Int(term)], score: UInt8(termScore[Int(term)])) }
        }
        return result
    }

    /// FNV-1a (64 bits) of a piece's kind byte: where the hash of its bytes starts.
    @inline(__always)
    private static func seed(ideographic: Bool) -> UInt64 {
        hash(0xCBF2_9CE4_8422_2325, ideographic ? 1 : 0)
    }

    /// One byte more of an FNV-1a hash.
    @inline(__always)
    private static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    // MARK: - Private

    private mutating func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, ideographic: Bool, stem: (String) -> String) -> Int32 {
        let kind: UInt8 = ideographic ? 1 : 0
        let (found, slot) = table.find(hash) { matches($0, kind: kind, bytes) }
        if let found { return longWords[found] }
        let word = newWord(bytes, ideographic: ideographic, stem: stem)
        keyStart.append(Int32(keys.count))
        keyLength.append(Int32(bytes.count + 1))
        keys.append(kind)
        keys.append(contentsOf: bytes)
        longWords.append(word)
        table.insert(hash, at: slot)
        return word
    }

    /// A word not met before: made a String, stemmed, its term found or added.
    private mutating func newWord(_ bytes: UnsafeBufferPointer<UInt8>, ideographic: Bool, stem: (String) -> String) -> Int32 {
        let number = Int32(wordTexts.count)
        let text = String(decoding: bytes, as: UTF8.self)
        let termText = ideographic ? text : stem(text)
        let term: Int32
        if let known = termByText[termText] {
            term = known
        } else {
            term = Int32(termTexts.count)
            termTexts.append(termText)
            termNumbers.append(numbers?.number(of: termText) ?? -1)
            termByText[termText] = term
            termStamp.append(0)
            termScore.append(0)
        }
        wordTexts.append(text)
        wordTerms.append(term)
        wordIsAlias.append(termText != text)
        wordNumbers.append(termText != text ? numbers?.number(of: text) ?? -1 : -1)
        wordStamp.append(0)
        wordScore.append(0)
        return number
    }

    private func matches(_ entry: Int, kind: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(keyStart[entry])
        guard Int(keyLength[entry]) == bytes.count + 1, keys[start] == kind else { return false }
        return keys.withUnsafeBufferPointer { stored in
            var index = 0
            while index < bytes.count {
                if stored[start + 1 + index] != bytes[index] { return false }
                index += 1
            }
            return true
        }
    }
}
