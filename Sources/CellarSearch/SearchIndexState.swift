internal import CellarEscaping
import Dispatch

/// A search index kept between builds (see ``SearchIndex`` for its files): each document's terms
/// and metadata row, the postings of every term, and the bytes of every file. Replacing one
/// document updates the postings of the terms it gained, lost or scored differently, and
/// re-serialises only their shards and its metadata chunk: at 10,000 items an edit touches a few
/// of the 1,024 shards, not all of them.
///
/// The bytes are always those ``SearchIndex/files(_:terms:)`` makes of the same documents in the
/// same order: the full build and the edited index are one serialiser over one state.
package struct SearchIndexState: Sendable {
    /// The documents' ids (an item's source path), in the order of their numbers.
    package private(set) var ids: [String]
    /// What each document was read from (the caller's key: its revision and the settings it depends on).
    package private(set) var keys: [UInt64]
    /// Each document's terms; only its aliases when the index does not hold terms (``holdsTerms``).
    package private(set) var terms: [DocumentTerms]
    /// Whether each document's terms are held once its postings are made: what an edit
    /// (``replace(_:key:document:terms:)``) compares a document's new terms with. An index made for
    /// one build and let go of after (a `cellar build`) keeps only each document's aliases (for the
    /// kept file): at 100,000 items the terms are ≈ 130 MiB, held beside the postings that repeat
    /// them while the pages are rendered.
    package let holdsTerms: Bool
    private var rows: [[UInt8]]
    /// Term → one entry per document that has it, ascending: `number * 16 + score` (32 bits: 18
    /// million entries at 100,000 items, held while the pages render).
    private var postings: [String: [UInt32]] = [:]
    /// Folded word → stem → how many documents stem the word so.
    private var aliases: [String: [String: Int]] = [:]
    private var termsOfShard: [Set<String>]
    private var aliasesOfShard: [Set<String>]
    private var dirtyShards: Set<Int> = []
    private var dirtyChunks: Set<Int> = []
    private var configDirty = true
    /// The shard count, from the document count.
    package let shards: Int
    /// How many shard files the last ``changedFiles()`` or ``allFiles()`` serialised (what a test of
    /// an edit counts: the shards of the terms it touched, not all of them).
    package private(set) var serialisedShards = 0
    /// How many metadata chunks it serialised.
    package private(set) var serialisedChunks = 0

    /// The index of `documents` (their ids and keys alongside), every file yet to be serialised.
    package init(ids: [String], keys: [UInt64], documents: [SearchDocument], terms: [DocumentTerms]) {
        self.init(ids: ids, keys: keys, rows: documents.map(Self.row), terms: terms)
    }

    /// The index of documents given as their metadata rows (``row(_:)``), some kept from another index.
    /// - Parameter numbers: the term numbers the documents' terms carry (read by their strings when
    ///   some document's terms do not carry them all).
    /// - Parameter holdsTerms: whether the documents' terms are held once their postings are made
    ///   (``holdsTerms``); when not, each document's are let go of as soon as its postings are, so
    ///   that `terms` is best handed over (`consume`), not shared.
    package init(ids: [String], keys: [UInt64], rows: [[UInt8]], terms: consuming [DocumentTerms], numbers: TermNumbers? = nil,
                 holdsTerms: Bool = true) {
        precondition(ids.count == rows.count && keys.count == rows.count && terms.count == rows.count)
        self.ids = ids
        self.keys = keys
        self.rows = rows
        self.holdsTerms = holdsTerms
        shards = SearchIndex.shardCount(documents: rows.count)
        termsOfShard = Array(repeating: [], count: shards)
        aliasesOfShard = Array(repeating: [], count: shards)
        let chunks = (rows.count + SearchIndex.chunkSize - 1) / SearchIndex.chunkSize
        // Numbered first (by the tokenizers, ``TermNumbers``, else here by a ``StringTable``), made
        // dictionaries once per distinct term and word.
        var termTable = StringTable(capacity: 4096), wordTable = StringTable(capacity: 1024)
        precondition(rows.count < Int(UInt32.max / 16), "too many documents for 32-bit postings")
        var lists: [[UInt32]] = [], stemsOfWord: [[(stem: String, count: Int)]] = []
        var termTexts: [String] = []
        if let numbers, terms.allSatisfy({ $0.isNumbered(by: numbers) }) {
            // By number: one list per number, the strings looked up once per distinct term and word.
            termTexts = numbers.terms
            // Each list made at its size (counted first), not grown by doubling.
            var counts = [Int](repeating: 0, count: termTexts.count)
            counts.withUnsafeMutableBufferPointer { counts in
                // By index: the loops below read each document's arrays in place, not a copy of
                // the document (its eight references retained, then released, per document and loop).
                for number in terms.indices {
                    for packed in terms[number].packedTerms { counts[Int(packed >> 4)] += 1 }
                }
            }
            lists = counts.map { count in
                var list: [UInt32] = []
                list.reserveCapacity(count)
                return list
            }
            var stemsOfNumber = [[(stem: Int32, count: Int)]](repeating: [], count: termTexts.count)
            // The lists reached in place: an append through `lists[term]` checked the outer array
            // (not shared, in bounds) for each of the 18 million postings of 100,000 items.
            lists.withUnsafeMutableBufferPointer { lists in
                for number in terms.indices {
                    // A document's packed term (`term * 16 + score`) is its posting's score as it is.
                    let document = UInt32(number * 16)
                    for packed in terms[number].packedTerms { lists[Int(packed >> 4)].append(document | packed & 15) }
                    if !holdsTerms { terms[number].dropTermsKeepingAliases() }
                }
            }
            for number in terms.indices {
                for (word, stem) in zip(terms[number].aliasWordNumbers, terms[number].aliasStemNumbers) {
                    if let known = stemsOfNumber[Int(word)].firstIndex(where: { $0.stem == stem }) {
                        stemsOfNumber[Int(word)][known].count += 1
                    } else {
                        stemsOfNumber[Int(word)].append((stem, 1))
                    }
                }
            }
            for (word, stems) in stemsOfNumber.enumerated() where !stems.isEmpty {
                aliases[termTexts[word]] = Dictionary(stems.map { (termTexts[Int($0.stem)], $0.count) }, uniquingKeysWith: +)
            }
        } else {
            // By index: a document's terms are let go of in place, not in a copy of the array.
            for number in terms.indices {
                for (term, score) in zip(terms[number].terms, terms[number].termScores) {
                    let (index, added) = termTable.add(term)
                    if added { lists.append([]) }
                    lists[index].append(UInt32(number * 16 + Int(score)))
                }
                if !holdsTerms { terms[number].dropTermsKeepingAliases() }
            }
            termTexts = termTable.strings
            for number in terms.indices {
                for (word, stem) in zip(terms[number].aliasWords, terms[number].aliasStems) {
                    let (index, added) = wordTable.add(word)
                    if added { stemsOfWord.append([]) }
                    if let known = stemsOfWord[index].firstIndex(where: { $0.stem == stem }) {
                        stemsOfWord[index][known].count += 1
                    } else {
                        stemsOfWord[index].append((stem, 1))
                    }
                }
            }
            aliases = Dictionary(uniqueKeysWithValues: zip(wordTable.strings, stemsOfWord.map { stems in
                Dictionary(stems, uniquingKeysWith: +)
            }))
        }
        postings.reserveCapacity(termTexts.count)
        for (term, list) in zip(termTexts, lists) where !list.isEmpty { postings[term] = list }
        for term in postings.keys { termsOfShard[SearchIndex.shard(of: term, count: shards)].insert(term) }
        for word in aliases.keys { aliasesOfShard[SearchIndex.shard(of: word, count: shards)].insert(word) }
        dirtyShards = Set(0..<shards)
        dirtyChunks = Set(0..<chunks)
        self.terms = terms
    }

    /// The document numbered `number` now reads `document` with `terms` (read from what `key` says).
    package mutating func replace(_ number: Int, key: UInt64, document: SearchDocument, terms new: DocumentTerms) {
        precondition(holdsTerms, "an index that does not hold its documents' terms is not edited")
        let old = terms[number]
        keys[number] = key
        let row = Self.row(document)
        if row != rows[number] {
            rows[number] = row
            dirtyChunks.insert(number / SearchIndex.chunkSize)
        }
        guard old != new else { return }
        terms[number] = new
        let (oldScores, newScores) = (old.scores, new.scores)
        let (oldAliases, newAliases) = (old.aliases, new.aliases)
        for (term, score) in oldScores where newScores[term] != score {
            if newScores[term] == nil { setPosting(term, number: number, score: nil) }
        }
        for (term, score) in newScores where oldScores[term] != score {
            setPosting(term, number: number, score: score)
        }
        for (word, stem) in oldAliases where newAliases[word] != stem {
            let shard = SearchIndex.shard(of: word, count: shards)
            dirtyShards.insert(shard)
            aliases[word]?[stem, default: 1] -= 1
            if aliases[word]?[stem] == 0 { aliases[word]?[stem] = nil }
            if aliases[word]?.isEmpty == true {
                aliases[word] = nil
                aliasesOfShard[shard].remove(word)
            }
        }
        for (word, stem) in newAliases where oldAliases[word] != stem {
            let shard = SearchIndex.shard(of: word, count: shards)
            dirtyShards.insert(shard)
            aliases[word, default: [:]][stem, default: 0] += 1
            aliasesOfShard[shard].insert(word)
        }
    }

    /// The files serialised since the last call (all of them the first time): config, shards and
    /// metadata chunks whose documents or terms changed.
    package mutating func changedFiles() -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        forEachFile(all: false) { files.append(($0, $1)) }
        return files
    }

    /// Every file of the index.
    package mutating func allFiles() -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        forEachFile(all: true) { files.append(($0, $1)) }
        return files
    }

    /// Every file of the index (`all`), or those serialised since the last call (config, shards and
    /// metadata chunks whose documents or terms changed; all of them the first time), handed to
    /// `body` as they are made, in order: shards a batch at a time on every core, so that neither the
    /// index's files nor their bytes are ever all in memory (the state keeps no file's bytes: the
    /// files are made again from the postings and rows when asked for).
    package mutating func forEachFile(all: Bool, batch: Int = 64, _ body: (_ path: String, _ bytes: [UInt8]) -> Void) {
        if all {
            dirtyShards = Set(0..<shards)
            dirtyChunks = Set(0..<((rows.count + SearchIndex.chunkSize - 1) / SearchIndex.chunkSize))
            configDirty = true
        }
        if configDirty { body(config.path, config.bytes) }
        configDirty = false
        let work = dirtyShards.sorted(), chunks = dirtyChunks.sorted()
        dirtyShards = []
        dirtyChunks = []
        serialisedShards = work.count
        serialisedChunks = chunks.count
        var start = 0
        while start < work.count {
            let part = Array(work[start..<min(start + batch, work.count)])
            for (shard, bytes) in zip(part, serialise(part)) { body("\(SearchIndex.folder)/s-\(shard).json", bytes) }
            start += part.count
        }
        for chunk in chunks { body("\(SearchIndex.folder)/m-\(chunk).json", chunkJSON(chunk)) }
    }

    // MARK: - Private

    private var config: (path: String, bytes: [UInt8]) {
        ("\(SearchIndex.folder)/config.json", Array(("{\"version\":\(SearchIndex.formatVersion),\"documents\":\(ids.count),"
            + "\"shards\":\(shards),\"chunk\":\(SearchIndex.chunkSize),\"prefix\":\(SearchIndex.prefixLength)}\n").utf8))
    }

    /// Sets (or, `nil`, removes) document `number`'s entry in the postings of `term`.
    private mutating func setPosting(_ term: String, number: Int, score: Int?) {
        let shard = SearchIndex.shard(of: term, count: shards)
        dirtyShards.insert(shard)
        var entries = postings.removeValue(forKey: term) ?? []
        // The first entry whose document is `number` or after it.
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle] >> 4) < number { low = middle + 1 } else { high = middle }
        }
        let present = low < entries.count && Int(entries[low] >> 4) == number
        switch (score, present) {
        case (let score?, true): entries[low] = UInt32(number * 16 + score)
        case (let score?, false): entries.insert(UInt32(number * 16 + score), at: low)
        case (nil, true): entries.remove(at: low)
        case (nil, false): break
        }
        if entries.isEmpty {
            termsOfShard[shard].remove(term)
        } else {
            termsOfShard[shard].insert(term)
            postings[term] = entries
        }
    }

    /// The bytes of `work`'s shards (on every core when they are many: at 10,000 items they hold
    /// millions of numbers).
    private func serialise(_ work: [Int]) -> [[UInt8]] {
        var made = [[UInt8]](repeating: [], count: work.count)
        let (postings, aliases, termsOfShard, aliasesOfShard) = (self.postings, self.aliases, self.termsOfShard, self.aliasesOfShard)
        made.withUnsafeMutableBufferPointer { output in
            let output = SendableBuffer(output)
            let body: @Sendable (Int) -> Void = { index in
                output.buffer[index] = Self.shardJSON(terms: termsOfShard[work[index]], postings: postings,
                                                      words: aliasesOfShard[work[index]], aliases: aliases)
            }
            if work.count < 8 {
                for index in work.indices { body(index) }
            } else {
                DispatchQueue.concurrentPerform(iterations: work.count, execute: body)
            }
        }
        return made
    }

    private func chunkJSON(_ chunk: Int) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for number in chunk * SearchIndex.chunkSize..<min((chunk + 1) * SearchIndex.chunkSize, rows.count) {
            if json.count > 1 { json.append(contentsOf: ",\n".utf8) }
            json.append(contentsOf: rows[number])
        }
        json.append(contentsOf: "]\n".utf8)
        return json
    }

    private static func shardJSON(terms: Set<String>, postings: [String: [UInt32]], words: Set<String>,
                                  aliases: [String: [String: Int]]) -> [UInt8] {
        var json: [UInt8] = []
        // Made at its largest size (each term escaped at 6 bytes a byte, 11 bytes an entry), not
        // grown by doubling: at 100,000 items a shard holds hundreds of thousands of entries, and
        // each doubling copied them into fresh memory.
        json.reserveCapacity(terms.reduce(16) { $0 + 6 * $1.utf8.count + 5 + 11 * (postings[$1]?.count ?? 0) }
            + words.reduce(0) { $0 + 6 * $1.utf8.count + 4 + 6 * (aliases[$1] ?? [:]).keys.reduce(0) { $0 + $1.utf8.count + 1 } })
        json.append(contentsOf: "{\"t\":{".utf8)
        for (index, term) in terms.sorted(by: utf8Order).enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendJSONString(term, to: &json)
            json.append(contentsOf: ":[".utf8)
            appendPostings(postings[term] ?? [], to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json.append(contentsOf: "},\"a\":{".utf8)
        for (index, word) in words.sorted(by: utf8Order).enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendJSONString(word, to: &json)
            json.append(UInt8(ascii: ":"))
            let stems = (aliases[word] ?? [:]).keys.sorted(by: utf8Order).joined(separator: " ")
            appendJSONString(stems, to: &json)
        }
        json.append(contentsOf: "}}\n".utf8)
        return json
    }

    /// Every term with its postings (`number * 16 + score`, ascending), in UTF-8 order of the terms.
    package func sortedPostings() -> [(term: String, entries: [UInt32])] {
        postings.map { ($0.key, $0.value) }.sorted { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
    }

    /// How many bytes document `number`'s metadata row has.
    package func rowLength(_ number: Int) -> Int { rows[number].count }

    /// Document `number`'s key and metadata row (what ``KeptTerms`` writes per document).
    package func keyAndRow(_ number: Int) -> (key: UInt64, row: [UInt8]) {
        (keys[number], rows[number])
    }

    /// What the index holds of document `number`: its key, metadata row and terms.
    package func entry(_ number: Int) -> (key: UInt64, row: [UInt8], terms: DocumentTerms) {
        (keys[number], rows[number], terms[number])
    }

    /// `[url, title, kind, date, section, snippet]`.
    package static func row(_ document: SearchDocument) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, text) in [document.url, document.title, document.kind, document.date, document.section,
                              SearchIndex.snippet(document.snippet)].enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendJSONString(text, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    /// `text` as a JSON string (``Escaping/jsonString(_:)``): copied as it is when it has nothing to
    /// escape (printable ASCII but `"` and `\\`): most terms and rows of a site in English.
    private static func appendJSONString(_ text: String, to json: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte >= 0x80 { return false }
            json.append(0x22)
            json.append(contentsOf: bytes)
            json.append(0x22)
            return true
        }
        if !plain { json.append(contentsOf: Escaping.jsonString(text).utf8) }
    }

    /// Entries of a term's postings written at a time (``appendPostings(_:to:)``).
    private static let postingsRun = 1024

    /// A term's postings as the shard writes them, `(document - previous document) * 16 + score`,
    /// comma-separated: ``postingsRun`` entries at a time written into a buffer of their largest
    /// size (10 digits and a comma an entry), then appended, rather than appended number by number,
    /// each append checking the array's capacity and that it is not shared (over the 18 million
    /// postings of a 100,000-item index) — and not all of a term's entries into one such buffer: at
    /// 100,000 items a term has tens of thousands, and a buffer of that size was fresh memory (page
    /// faults) for each. The digits are worked out last first, each by a division by the constant
    /// 10 (a multiply): not by a power of ten found first and divided by per digit — three hardware
    /// divisions a digit.
    private static func appendPostings(_ entries: [UInt32], to json: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: postingsRun * 11) { buffer in
            var previous: UInt32 = 0, start = 0
            while start < entries.count {
                var at = 0
                for index in start..<min(start + postingsRun, entries.count) {
                    if index > 0 {
                        buffer[at] = UInt8(ascii: ",")
                        at += 1
                    }
                    let entry = entries[index]
                    let number = entry >> 4
                    var rest = UInt64(number - previous) * 16 + UInt64(entry & 15)
                    previous = number
                    var digits = 1
                    var bound: UInt64 = 10
                    while rest >= bound, digits < 20 {
                        digits += 1
                        bound = bound &* 10
                    }
                    var position = at + digits
                    at = position
                    repeat {
                        position -= 1
                        buffer[position] = UInt8(48 + rest % 10)
                        rest /= 10
                    } while rest > 0
                }
                json.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<at]))
                start += postingsRun
            }
        }
    }

    private static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A buffer each concurrent iteration writes its own element of.
struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
