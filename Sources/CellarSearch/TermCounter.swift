/// Counts one document's terms at a time for one tokenizer (one thread), remembering every word it
/// has met: a site's words repeat from item to item, so each distinct word is folded into a String,
/// stemmed and looked up by its stem once per process, and every later occurrence costs one hash of
/// its bytes and one probe of an open-addressing table — no String made, no Swift `Hasher`.
///
/// The profile of a 10,000-item build (perf, release) before this: hashing Strings into per-document
/// `[String: Int]` dictionaries, making a String per word and stemming lookups were 19 % of the
/// build's samples, the largest part of the index's cost.
///
/// An occurrence is counted on its term directly: each word's entry says its term and whether
/// stemming changed it (an alias, whose word the document then notes once). What a document's
/// occurrences touch is one table slot and one number per term, and ``finish()`` only copies the
/// terms out — not, as before, a count per word added up into its term's at the end (a profile of
/// a 10,000-item build gave the words' counts and that sum 2.3 % of all samples).
struct TermCounter {
    /// Each distinct piece met, by number: its text, its term, whether the term differs from it (an
    /// alias), and an alias's number in ``numbers`` (-1: none).
    private var wordTexts: [String] = []
    private var wordTerms: [Int32] = []
    private var wordIsAlias: [Bool] = []
    private var wordNumbers: [Int32] = []
    /// The words of more than 8 bytes and the ideographic terms (``table``'s entries): where each
    /// one's key (a kind byte, then its UTF-8) is in `keys`, and its entry (``entry(word:)``).
    private var keyStart: [Int32] = []
    private var keyLength: [Int32] = []
    private var keys: [UInt8] = []
    private var longEntries: [UInt64] = []
    /// Those words by the FNV-1a hash of their key.
    private var table = HashSlots(capacity: 1024)
    /// The other words (``addShort(_:weight:stem:)``), open-addressed: slot `i` is `shortSlots[2 i]`,
    /// the word's bytes packed (0: empty, no word packs to 0), and `shortSlots[2 i + 1]`, its entry
    /// (``entry(word:)``) — key and entry in one cache line, found by one load. A power of two of
    /// slots, at most half full.
    private var shortSlots = FlatBuffer<UInt64>(repeating: 0, count: 2 * 4096)
    private var shortCount = 0

    private var termTexts: [String] = []
    /// `termNumbers[i]`: the number ``numbers`` gives `termTexts[i]`.
    private var termNumbers: [Int32] = []
    /// The session's term numbers, when the documents' terms carry them.
    var numbers: TermNumbers?
    private var termByText: [String: Int32] = [:]

    /// The current document (every per-document value below is valid when its stamp is this one).
    private var stamp: UInt32 = 0
    /// Per term: the stamp of the last document that has it (high 32 bits) and its score there (low
    /// 32 bits, at most ``SearchIndex/highestScore``). This, the two below and ``shortSlots`` are read
    /// or written for every word of a text: ``FlatBuffer``s, not arrays.
    private var termState = FlatBuffer<UInt64>(repeating: 0, count: 0)
    /// Per word: the stamp of the last document that noted it as an alias.
    private var aliasStamp = FlatBuffer<UInt32>(repeating: 0, count: 0)
    /// The document's terms and alias words, in the order they first occur.
    private var termOrder = FlatBuffer<Int32>(repeating: 0, count: 0)
    private var aliasOrder = FlatBuffer<Int32>(repeating: 0, count: 0)

    init() {}

    /// Starts a document.
    mutating func begin() {
        stamp &+= 1
        if stamp == UInt32.max {
            stamp = 1
            termState.fill(0)
            aliasStamp.fill(0)
        }
        termOrder.removeAll()
        aliasOrder.removeAll()
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
    @inline(__always)
    mutating func addShort(_ packed: UInt64, weight: Int32, stem: (String) -> String) {
        let mask = shortSlots.count / 2 - 1
        var slot = Self.shortSlot(of: packed, mask: mask)
        while true {
            let key = shortSlots[2 * slot]
            if key == packed { return count(shortSlots[2 * slot + 1], weight: weight) }
            if key == 0 { break }
            slot = (slot + 1) & mask
        }
        addNewShort(packed, slot: slot, weight: weight, stem: stem)
    }

    /// The document's terms, in the order they first occur (a deterministic order: the same text
    /// gives the same arrays), scores capped at ``SearchIndex/highestScore``, and its alias words in
    /// the order they first occur.
    mutating func finish() -> DocumentTerms {
        if let numbers {
            return DocumentTerms(numbers: numbers,
                                 packedTerms: termOrder.map { DocumentTerms.pack(termNumbers[Int($0)], UInt8(truncatingIfNeeded: termState[Int($0)])) },
                                 aliasWords: aliasOrder.map { wordNumbers[Int($0)] },
                                 aliasStems: aliasOrder.map { termNumbers[Int(wordTerms[Int($0)])] })
        }
        let scores = termOrder.map { UInt8(truncatingIfNeeded: termState[Int($0)]) }
        var result = DocumentTerms()
        for alias in aliasOrder.map({ (word: wordTexts[Int($0)], stem: termTexts[Int(wordTerms[Int($0)])]) }) {
            result.appendAlias(alias.word, stem: alias.stem)
        }
        for (term, score) in zip(termOrder.map({ termTexts[Int($0)] }), scores) { result.append(term, score: score) }
        return result
    }

    // MARK: - Private

    /// A word's entry in the tables: its term (low 31 bits), whether it is an alias (bit 31), its
    /// number (high 32 bits).
    @inline(__always)
    private func entry(word: Int32) -> UInt64 {
        let alias: UInt64 = wordIsAlias[Int(word)] ? 1 << 31 : 0
        return UInt64(UInt32(word)) << 32 | alias | UInt64(UInt32(wordTerms[Int(word)]))
    }

    /// Counts one occurrence of a word by its entry, without a branch on what the document has
    /// met so far: whether the term is new to the document (about half the words of a body) and
    /// whether the word is an alias new to it are as good as random, and a branch on each was
    /// mispredicted about as often as it was taken (a profile of a 100,000-item build gave these
    /// loads and their branches most of the counting loop's samples). The score is read as 0 when
    /// the term's stamp is another document's; the term and the word are written at the end of the
    /// document's orders every time and counted there only when new (``FlatBuffer/append(_:if:)``);
    /// every word's alias stamp is set (only an alias's is ever read).
    @inline(__always)
    private mutating func count(_ entry: UInt64, weight: Int32) {
        let term = Int(entry & 0x7FFF_FFFF)
        let weight = UInt32(clamping: min(weight, Int32(SearchIndex.highestScore)))
        let state = termState[term]
        let known = UInt32(truncatingIfNeeded: state >> 32) == stamp
        let previous = known ? UInt32(truncatingIfNeeded: state) : 0
        termState[term] = UInt64(stamp) << 32 | UInt64(min(previous + weight, UInt32(SearchIndex.highestScore)))
        termOrder.append(Int32(term), if: !known)
        let word = Int(entry >> 32)
        let isAlias = entry & (1 << 31) != 0
        let noted = aliasStamp[word] == stamp
        aliasStamp[word] = stamp
        aliasOrder.append(Int32(word), if: isAlias && !noted)
    }

    /// A short word not in ``shortSlots``: made a word, put at `slot` (the empty one its probe ended on).
    private mutating func addNewShort(_ packed: UInt64, slot: Int, weight: Int32, stem: (String) -> String) {
        var bytes = packed.littleEndian
        let word = withUnsafeBytes(of: &bytes) { raw in
            let length = (64 - packed.leadingZeroBitCount + 7) / 8
            return newWord(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<length]), ideographic: false, stem: stem)
        }
        let entry = entry(word: word)
        shortSlots[2 * slot] = packed
        shortSlots[2 * slot + 1] = entry
        shortCount += 1
        if shortCount * 2 > shortSlots.count / 2 { growShortSlots() }
        count(entry, weight: weight)
    }

    /// Where a short word's probe starts: one multiply-and-shift hash of its packed bytes.
    @inline(__always)
    private static func shortSlot(of packed: UInt64, mask: Int) -> Int {
        var hash = packed &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    private mutating func growShortSlots() {
        let old = shortSlots
        shortSlots = FlatBuffer<UInt64>(repeating: 0, count: old.count * 2)
        let mask = shortSlots.count / 2 - 1
        for index in stride(from: 0, to: old.count, by: 2) where old[index] != 0 {
            var slot = Self.shortSlot(of: old[index], mask: mask)
            while shortSlots[2 * slot] != 0 { slot = (slot + 1) & mask }
            shortSlots[2 * slot] = old[index]
            shortSlots[2 * slot + 1] = old[index + 1]
        }
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

    private mutating func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, ideographic: Bool, stem: (String) -> String) -> UInt64 {
        let kind: UInt8 = ideographic ? 1 : 0
        let (found, slot) = table.find(hash) { matches($0, kind: kind, bytes) }
        if let found { return longEntries[found] }
        // The word made first: `entry(word: newWord(…))` would read the tables as they were before it.
        let word = newWord(bytes, ideographic: ideographic, stem: stem)
        let entry = entry(word: word)
        keyStart.append(Int32(keys.count))
        keyLength.append(Int32(bytes.count + 1))
        keys.append(kind)
        keys.append(contentsOf: bytes)
        longEntries.append(entry)
        table.insert(hash, at: slot)
        return entry
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
            termState.append(0)
        }
        wordTexts.append(text)
        wordTerms.append(term)
        wordIsAlias.append(termText != text)
        wordNumbers.append(termText != text ? numbers?.number(of: text) ?? -1 : -1)
        aliasStamp.append(0)
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
