import Dispatch
import Foundation

/// Each document's terms and metadata row as a later process reads them back (`.cellar-cache/search/`):
/// a `cellar build` after a one-file edit reads again only the items whose key moved, as a session does.
///
/// Binary, little-endian, LEB128 numbers: `CSKT` and ``formatVersion``, the count, then per document
/// its id, key and row; then the terms, each once, in UTF-8 order, with the documents that have it
/// (each entry one number, `(number - previous number) * 16 + score`, as the shard files write it:
/// mostly one byte) — the index's own postings, written term by term: each term's bytes once, not
/// once per document (version 1 wrote them per document, sorted per document: 22 MB and 8 % of a
/// 10,000-item build's samples); then the names the aliases use that are not terms (the words
/// stemming changed), each once, in the order the documents first name them; then per document
/// its aliases, each a pair of names by their place (a term's among the terms, else the term count
/// plus its place among those names). Version 2 wrote every alias's word and stem as strings, per
/// document: 44 % of the file (5.9 of 13.2 MB at 10,000 items), each string read back and looked up
/// again by the next process. A file that is cut short, of another version or otherwise not one is
/// read as nothing (every item is then read again): it is a cache.
package enum KeptTerms {
    package static let formatVersion: UInt8 = 3

    /// One document as kept: what its key says it was read from, its metadata row and terms.
    package struct Entry: Sendable {
        package var key: UInt64
        package var row: [UInt8]
        package var terms: DocumentTerms
    }

    /// The bytes of every document of `state`, in one array (``encodedParts(_:partSize:)`` joined).
    package static func encode(_ state: SearchIndexState) -> [UInt8] {
        Array(encodedParts(state).joined())
    }

    /// The bytes of every document of `state`, in parts of at least `partSize` bytes (the last one
    /// excepted) to be written one after another: the file is made while the build holds the whole
    /// site, and one array grown by doubling held up to twice its size (28 MiB of a 10,000-item
    /// build's peak for a 12.6 MiB file).
    package static func encodedParts(_ state: SearchIndexState, partSize: Int = 1 << 20) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        encode(state, partSize: partSize) { parts.append($0) }
        return parts
    }

    /// ``encodedParts(_:partSize:)`` handed to `write` part by part, in order, as they are made: the
    /// file's pieces (runs of documents, of terms' postings, of aliases) are encoded on every core,
    /// a few at a time (at 100,000 items the file is 120 MiB, and encoding it on one core was half
    /// of the index's tail after the pages), and a batch is given away before the next is made, so
    /// the whole file is never in memory.
    package static func encode(_ state: SearchIndexState, partSize: Int = 1 << 20, write: ([UInt8]) -> Void) {
        let postings = state.sortedPostings()
        let pieces = Self.pieces(state, postings: postings, size: partSize)
        let numbering = state.terms.lazy.compactMap(\.numbering).first
        let names = AliasNames(state, terms: postings.map(\.term), numbering: numbering)
        let batch = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        var pending: [UInt8] = []
        var start = 0
        while start < pieces.count {
            let work = Array(pieces[start..<min(start + batch, pieces.count)])
            var made = [[UInt8]](repeating: [], count: work.count)
            made.withUnsafeMutableBufferPointer { output in
                let output = SendableBuffer(output)
                let body: @Sendable (Int) -> Void = { index in
                    output.buffer[index] = Self.encode(work[index], state: state, postings: postings, numbering: numbering, names: names)
                }
                if work.count < 2 {
                    for index in work.indices { body(index) }
                } else {
                    DispatchQueue.concurrentPerform(iterations: work.count, execute: body)
                }
            }
            for piece in made {
                if pending.isEmpty && piece.count >= partSize {
                    write(piece)
                } else {
                    pending.append(contentsOf: piece)
                    if pending.count >= partSize {
                        write(pending)
                        pending = []
                    }
                }
            }
            start += work.count
        }
        if !pending.isEmpty { write(pending) }
    }

    /// The documents of `bytes` by id; nil when they are not a kept-terms file of this version.
    /// - Parameter numbers: the session's term numbers, which the terms read then carry (each term
    ///   looked up once, not once per document).
    package static func decode(_ bytes: [UInt8], numbers: TermNumbers? = nil) -> [String: Entry]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: Entry]? in
            var reader = Reader(bytes: buffer)
            guard reader.take(4).map(Array.init) == Array("CSKT".utf8), reader.byte() == formatVersion,
                  let count = reader.integer(), count <= UInt64(buffer.count) else { return nil }
            var ids: [String] = [], keys: [UInt64] = [], rows: [[UInt8]] = []
            ids.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let id = reader.string(), let key = reader.integer(), let rowLength = reader.integer(),
                      let row = reader.take(Int(clamping: rowLength)) else { return nil }
                ids.append(id)
                keys.append(key)
                rows.append(Array(row))
            }
            // The postings are read twice: first to count each document's terms, then into one
            // buffer where each document's terms lie side by side (in the file's order), each
            // document's arrays then copied out of it whole — not appended to entry by entry (a
            // check that the array is not shared and has room per entry: 8 % of the samples of a
            // rebuild after a one-file edit at 10,000 items).
            let postingsStart = reader.offset
            var starts = [Int](repeating: 0, count: ids.count + 1)
            guard let termCount = reader.integer(), termCount <= UInt64(min(buffer.count, Int(Int32.max))) else { return nil }
            // Every name by its place in the file (the terms, then the aliases' other names).
            var names: [String] = []
            names.reserveCapacity(Int(termCount))
            let counted = starts.withUnsafeMutableBufferPointer { starts in
                for _ in 0..<termCount {
                    guard let term = reader.string(),
                          reader.postings(documents: ids.count, { number, _ in starts[number + 1] += 1 }) else { return false }
                    names.append(term)
                }
                for number in ids.indices { starts[number + 1] += starts[number] }
                return true
            }
            guard counted else { return nil }
            reader.offset = postingsStart
            _ = reader.integer()
            var next = Array(starts.dropLast())
            let total = starts[ids.count]
            var places = [Int32](repeating: 0, count: total), scores = [UInt8](repeating: 0, count: total)
            let placed = places.withUnsafeMutableBufferPointer { places in
                scores.withUnsafeMutableBufferPointer { scores in
                    next.withUnsafeMutableBufferPointer { next in
                        for place in 0..<Int32(termCount) {
                            let read = reader.skipString() && reader.postings(documents: ids.count) { number, score in
                                places[next[number]] = place
                                scores[next[number]] = score
                                next[number] += 1
                            }
                            guard read else { return false }
                        }
                        return true
                    }
                }
            }
            guard placed else { return nil }
            guard let otherCount = reader.integer(), otherCount <= UInt64(buffer.count) else { return nil }
            for _ in 0..<otherCount {
                guard let name = reader.string() else { return nil }
                names.append(name)
            }
            // With `numbers`, each name's number there: each looked up once, not once per document.
            let nameNumbers = numbers?.numbers(of: names) ?? []
            var terms: [DocumentTerms] = []
            terms.reserveCapacity(ids.count)
            for number in ids.indices {
                guard let aliasCount = reader.integer(), aliasCount <= UInt64(buffer.count) else { return nil }
                var words: [Int32] = [], stems: [Int32] = []
                for _ in 0..<aliasCount {
                    guard let word = reader.integer(), word < UInt64(names.count),
                          let stem = reader.integer(), stem < UInt64(names.count) else { return nil }
                    words.append(Int32(word))
                    stems.append(Int32(stem))
                }
                let range = starts[number]..<starts[number + 1]
                if let numbers {
                    // Packed as they are read: one array per document, not numbers and scores then their pairs.
                    terms.append(DocumentTerms(numbers: numbers,
                                               packedTerms: zip(places[range], scores[range]).map { DocumentTerms.pack(nameNumbers[Int($0)], $1) },
                                               aliasWords: words.map { nameNumbers[Int($0)] }, aliasStems: stems.map { nameNumbers[Int($0)] }))
                } else {
                    var document = DocumentTerms()
                    for (place, score) in zip(places[range], scores[range]) { document.append(names[Int(place)], score: score) }
                    for (word, stem) in zip(words, stems) { document.appendAlias(names[Int(word)], stem: names[Int(stem)]) }
                    terms.append(document)
                }
            }
            guard reader.isAtEnd else { return nil }
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(ids.count)
            for number in ids.indices { entries[ids[number]] = Entry(key: keys[number], row: rows[number], terms: terms[number]) }
            return entries
        }
    }

    // MARK: - Private

    /// A run of the file, encoded on its own: pieces joined in order are the file.
    private enum Piece: Sendable {
        /// The header and the document count.
        case header
        case documents(Range<Int>)
        /// How many terms there are.
        case termCount
        /// Terms of ``SearchIndexState/sortedPostings()`` by their place in it.
        case postings(Range<Int>)
        /// The aliases' names that are not terms (``AliasNames/others``).
        case otherNames
        case aliases(Range<Int>)
    }

    /// The names the documents' aliases use, by their place in the file: a term by its place among
    /// the terms (UTF-8 order), any other name (a word stemming changed) after them, in the order
    /// the documents first name it. Worked out before the pieces are encoded on every core.
    private struct AliasNames: Sendable {
        /// The names that are not terms, in file order (numbered from the term count on).
        private(set) var others: [String] = []
        /// By the number ``numbering`` gives a name: its place in the file (-1: no alias names it).
        private var byNumber: [Int32] = []
        /// By text: the names of documents whose aliases do not carry numbers of ``numbering``.
        private var byText: [String: Int32] = [:]
        private let numbering: TermNumbers?

        init(_ state: SearchIndexState, terms: [String], numbering: TermNumbers?) {
            self.numbering = numbering
            byText.reserveCapacity(terms.count)
            for (place, term) in terms.enumerated() { byText[term] = Int32(place) }
            // Snapshot of the numbers' strings: every number a document carries was given before.
            let texts = numbering?.terms ?? []
            byNumber = [Int32](repeating: -1, count: texts.count)
            var next = Int32(terms.count)
            func place(of text: String) -> Int32 {
                if let known = byText[text] { return known }
                byText[text] = next
                others.append(text)
                next += 1
                return next - 1
            }
            // By index: each document's arrays read in place, not a copy of the document.
            for number in state.terms.indices where state.terms[number].aliasCount > 0 {
                if let numbering, state.terms[number].numbering === numbering {
                    for (word, stem) in zip(state.terms[number].aliasWordNumbers, state.terms[number].aliasStemNumbers) {
                        if byNumber[Int(word)] < 0 { byNumber[Int(word)] = place(of: texts[Int(word)]) }
                        if byNumber[Int(stem)] < 0 { byNumber[Int(stem)] = place(of: texts[Int(stem)]) }
                    }
                } else {
                    for (word, stem) in zip(state.terms[number].aliasWords, state.terms[number].aliasStems) {
                        _ = place(of: word)
                        _ = place(of: stem)
                    }
                }
            }
        }

        /// The places of `document`'s aliases' words and stems, in its order.
        func places(of document: DocumentTerms) -> [(word: Int32, stem: Int32)] {
            if let numbering, document.numbering === numbering {
                return zip(document.aliasWordNumbers, document.aliasStemNumbers).map { (byNumber[Int($0)], byNumber[Int($1)]) }
            }
            // Every name was placed by `init` (a document of the same state).
            func known(_ text: String) -> Int32 {
                guard let place = byText[text] else { preconditionFailure("alias name \(text) not placed") }
                return place
            }
            return zip(document.aliasWords, document.aliasStems).map { (known($0), known($1)) }
        }
    }

    /// The pieces of the file, each of about `size` bytes (estimated from its documents' rows, its
    /// terms' entries, its documents' aliases).
    private static func pieces(_ state: SearchIndexState, postings: [(term: String, entries: [UInt32])], size: Int) -> [Piece] {
        var pieces: [Piece] = [.header]
        let count = state.ids.count
        var first = 0, bytes = 0
        for number in 0..<count {
            bytes += state.ids[number].utf8.count + state.rowLength(number) + 12
            if bytes >= size || number == count - 1 {
                pieces.append(.documents(first..<(number + 1)))
                first = number + 1
                bytes = 0
            }
        }
        pieces.append(.termCount)
        first = 0
        bytes = 0
        for (index, posting) in postings.enumerated() {
            bytes += posting.term.utf8.count + 4 + 2 * posting.entries.count
            if bytes >= size || index == postings.count - 1 {
                pieces.append(.postings(first..<(index + 1)))
                first = index + 1
                bytes = 0
            }
        }
        pieces.append(.otherNames)
        first = 0
        bytes = 0
        for number in 0..<count {
            bytes += 1 + 3 * state.terms[number].aliasCount
            if bytes >= size || number == count - 1 {
                pieces.append(.aliases(first..<(number + 1)))
                first = number + 1
                bytes = 0
            }
        }
        return pieces
    }

    private static func encode(_ piece: Piece, state: SearchIndexState, postings: [(term: String, entries: [UInt32])],
                               numbering: TermNumbers?, names: AliasNames) -> [UInt8] {
        var bytes: [UInt8] = []
        switch piece {
        case .header:
            bytes = Array("CSKT".utf8) + [formatVersion]
            appendInteger(UInt64(state.ids.count), to: &bytes)
        case .documents(let range):
            // The key and row alone: not the document's terms, whose copy retained and released
            // each of its arrays (per document, at 100,000 items).
            bytes.reserveCapacity(range.reduce(0) { $0 + state.ids[$1].utf8.count + state.rowLength($1) + 24 })
            for number in range {
                let (key, row) = state.keyAndRow(number)
                appendString(state.ids[number], to: &bytes)
                appendInteger(key, to: &bytes)
                appendInteger(UInt64(row.count), to: &bytes)
                bytes.append(contentsOf: row)
            }
        case .termCount:
            appendInteger(UInt64(postings.count), to: &bytes)
        case .postings(let range):
            // Written into one buffer made at their largest size (a term, its count and 5 bytes an
            // entry), not each term's entries into an array of their own then copied: at 100,000
            // items a term has tens of thousands of entries, and each such array was fresh memory
            // (page faults) copied into a piece grown by doubling.
            let room = postings[range].reduce(0) { $0 + $1.term.utf8.count + 20 + 5 * $1.entries.count }
            bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                var at = 0
                for (term, entries) in postings[range] {
                    var term = term
                    term.withUTF8 { utf8 in
                        at = put(UInt64(utf8.count), into: buffer, at: at)
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + utf8.count)]).initialize(from: utf8)
                        at += utf8.count
                    }
                    at = put(UInt64(entries.count), into: buffer, at: at)
                    at = putPostings(entries, into: buffer, at: at)
                }
                count = at
            }
        case .otherNames:
            appendInteger(UInt64(names.others.count), to: &bytes)
            for name in names.others { appendString(name, to: &bytes) }
        case .aliases(let range):
            for number in range {
                let places = names.places(of: state.terms[number])
                appendInteger(UInt64(places.count), to: &bytes)
                for (word, stem) in places {
                    appendInteger(UInt64(word), to: &bytes)
                    appendInteger(UInt64(stem), to: &bytes)
                }
            }
        }
        return bytes
    }

    /// LEB128: most lengths are one byte.
    private static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// LEB128 of `value` into `buffer` from `at` (room for 10 bytes): where it ends.
    @inline(__always)
    private static func put(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var rest = value, at = start
        while rest >= 0x80 {
            buffer[at] = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            at += 1
        }
        buffer[at] = UInt8(rest)
        return at + 1
    }

    /// A term's postings, each as `(number - previous number) * 16 + score` (LEB128), into
    /// `buffer` from `at` (room for 5 bytes an entry): where they end. Written into a buffer, not
    /// appended byte by byte, each append checking the array's capacity and that it is not shared
    /// (the 18 million postings of a 100,000-item index made this most of encoding the file).
    private static func putPostings(_ entries: [UInt32], into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var at = start, previous: UInt32 = 0
        for entry in entries {
            var rest = (entry >> 4 - previous) << 4 | entry & 15
            while rest >= 0x80 {
                buffer[at] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                at += 1
            }
            buffer[at] = UInt8(rest)
            at += 1
            previous = entry >> 4
        }
        return at
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendInteger(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func integer() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while shift < 64, let byte = byte() {
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        mutating func string() -> String? {
            guard let length = integer(), let utf8 = take(Int(clamping: length)) else { return nil }
            return String(decoding: utf8, as: UTF8.self)
        }

        /// Moves past a string; false when it is cut short.
        mutating func skipString() -> Bool {
            guard let length = integer() else { return false }
            return take(Int(clamping: length)) != nil
        }

        /// A term's postings (their count, then each entry), handed to `body` as document number
        /// and score; false when they are cut short or name no document of `documents`, or the same
        /// one twice.
        mutating func postings(documents: Int, _ body: (_ number: Int, _ score: UInt8) -> Void) -> Bool {
            guard let entries = integer() else { return false }
            var number = -1
            for index in 0..<entries {
                guard let entry = integer() else { return false }
                let delta = entry >> 4
                guard delta < UInt64(documents), index == 0 || delta > 0 else { return false }
                number = max(number, 0) + Int(delta)
                guard number < documents else { return false }
                body(number, UInt8(entry & 15))
            }
            return true
        }
    }
}
