import Dispatch
import Foundation

/// Each document's terms and metadata row as a later process reads them back (`.cellar-cache/search/`):
/// a `cellar build` after a one-file edit reads again only the items whose key moved, as a session does.
///
/// Binary, little-endian, LEB128 numbers: `CSKT` and ``formatVersion``, the count, then per document
/// its id, key and row; then the terms, each once, in UTF-8 order, with the documents that have it
/// (number minus the previous one, then the score) — the index's own postings, written term by
/// term: each term's bytes once, not once per document (version 1 wrote them per document, sorted
/// per document: 22 MB and 8 % of a 10,000-item build's samples); then per document its aliases
/// (word, stem). A file that is cut short, of another version or otherwise not one is read as
/// nothing (every item is then read again): it is a cache.
package enum KeptTerms {
    package static let formatVersion: UInt8 = 2

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
        // The strings of the numbers the documents' aliases carry, looked up once.
        let numbering = state.terms.lazy.compactMap(\.numbering).first
        let texts = numbering?.terms ?? []
        let batch = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        var pending: [UInt8] = []
        var start = 0
        while start < pieces.count {
            let work = Array(pieces[start..<min(start + batch, pieces.count)])
            var made = [[UInt8]](repeating: [], count: work.count)
            made.withUnsafeMutableBufferPointer { output in
                let output = SendableBuffer(output)
                let body: @Sendable (Int) -> Void = { index in
                    output.buffer[index] = Self.encode(work[index], state: state, postings: postings, numbering: numbering, texts: texts)
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
            var terms = [DocumentTerms](repeating: DocumentTerms(), count: ids.count)
            guard let termCount = reader.integer() else { return nil }
            for _ in 0..<termCount {
                guard let term = reader.string(), let entries = reader.integer() else { return nil }
                let termNumber = numbers?.number(of: term)
                var number = -1
                for index in 0..<entries {
                    guard let delta = reader.integer(), let score = reader.byte(), delta < UInt64(ids.count),
                          index == 0 || delta > 0 else { return nil }
                    number = max(number, 0) + Int(delta)
                    guard number < ids.count else { return nil }
                    if let numbers, let termNumber {
                        terms[number].append(number: termNumber, score: score, numbers: numbers)
                    } else {
                        terms[number].append(term, score: score)
                    }
                }
            }
            for number in ids.indices {
                guard let aliasCount = reader.integer(), aliasCount <= UInt64(buffer.count) else { return nil }
                var words: [String] = [], stems: [String] = []
                for _ in 0..<aliasCount {
                    guard let word = reader.string(), let stem = reader.string() else { return nil }
                    words.append(word)
                    stems.append(stem)
                }
                if let numbers {
                    let wordNumbers = numbers.numbers(of: words), stemNumbers = numbers.numbers(of: stems)
                    for (word, stem) in zip(wordNumbers, stemNumbers) { terms[number].appendAlias(word: word, stem: stem, numbers: numbers) }
                } else {
                    for (word, stem) in zip(words, stems) { terms[number].appendAlias(word, stem: stem) }
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
        case aliases(Range<Int>)
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
        first = 0
        bytes = 0
        for number in 0..<count {
            bytes += 1 + 16 * state.terms[number].aliasCount
            if bytes >= size || number == count - 1 {
                pieces.append(.aliases(first..<(number + 1)))
                first = number + 1
                bytes = 0
            }
        }
        return pieces
    }

    private static func encode(_ piece: Piece, state: SearchIndexState, postings: [(term: String, entries: [UInt32])],
                               numbering: TermNumbers?, texts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        switch piece {
        case .header:
            bytes = Array("CSKT".utf8) + [formatVersion]
            appendInteger(UInt64(state.ids.count), to: &bytes)
        case .documents(let range):
            for number in range {
                let (key, row, _) = state.entry(number)
                appendString(state.ids[number], to: &bytes)
                appendInteger(key, to: &bytes)
                appendInteger(UInt64(row.count), to: &bytes)
                bytes.append(contentsOf: row)
            }
        case .termCount:
            appendInteger(UInt64(postings.count), to: &bytes)
        case .postings(let range):
            for (term, entries) in postings[range] {
                appendString(term, to: &bytes)
                appendInteger(UInt64(entries.count), to: &bytes)
                appendPostings(entries, to: &bytes)
            }
        case .aliases(let range):
            for number in range {
                let terms = state.terms[number]
                if let numbering, terms.numbering === numbering {
                    appendInteger(UInt64(terms.aliasWordNumbers.count), to: &bytes)
                    for (word, stem) in zip(terms.aliasWordNumbers, terms.aliasStemNumbers) {
                        appendString(texts[Int(word)], to: &bytes)
                        appendString(texts[Int(stem)], to: &bytes)
                    }
                } else {
                    let (words, stems) = (terms.aliasWords, terms.aliasStems)
                    appendInteger(UInt64(words.count), to: &bytes)
                    for (word, stem) in zip(words, stems) {
                        appendString(word, to: &bytes)
                        appendString(stem, to: &bytes)
                    }
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

    /// A term's postings, each as the number minus the previous one (LEB128) and the score: written
    /// into a buffer made at their largest size (5 + 1 bytes an entry) rather than appended byte by
    /// byte, each append checking the array's capacity and that it is not shared (the 18 million
    /// postings of a 100,000-item index made this most of encoding the file).
    private static func appendPostings(_ entries: [UInt32], to bytes: inout [UInt8]) {
        let encoded = [UInt8](unsafeUninitializedCapacity: entries.count * 6) { buffer, count in
            var at = 0, previous: UInt32 = 0
            for entry in entries {
                var rest = entry >> 4 - previous
                while rest >= 0x80 {
                    buffer[at] = UInt8(truncatingIfNeeded: rest) | 0x80
                    rest >>= 7
                    at += 1
                }
                buffer[at] = UInt8(rest)
                buffer[at + 1] = UInt8(entry & 15)
                at += 2
                previous = entry >> 4
            }
            count = at
        }
        bytes.append(contentsOf: encoded)
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
    }
}
