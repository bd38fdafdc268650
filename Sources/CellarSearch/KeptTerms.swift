/// Each document's terms and metadata row as a later process reads them back (`.cellar-cache/search/`):
/// a `cellar build` after a one-file edit reads again only the items whose key moved, as a session does.
///
/// Binary, little-endian: `CSKT` and ``formatVersion``, the count, then per document its id, key,
/// row, scores (term, score) and aliases (word, stem). A file that is cut short, of another version
/// or otherwise not one is read as nothing (every item is then read again): it is a cache.
package enum KeptTerms {
    package static let formatVersion: UInt8 = 1

    /// One document as kept: what its key says it was read from, its metadata row and terms.
    package struct Entry: Sendable {
        package var key: UInt64
        package var row: [UInt8]
        package var terms: DocumentTerms
    }

    /// The bytes of every document of `state`.
    package static func encode(_ state: SearchIndexState) -> [UInt8] {
        var bytes: [UInt8] = Array("CSKT".utf8) + [formatVersion]
        bytes.reserveCapacity(state.ids.count * 2048)
        appendInteger(UInt64(state.ids.count), to: &bytes)
        for number in state.ids.indices {
            let (key, row, terms) = state.entry(number)
            appendString(state.ids[number], to: &bytes)
            appendInteger(key, to: &bytes)
            appendInteger(UInt64(row.count), to: &bytes)
            bytes.append(contentsOf: row)
            appendInteger(UInt64(terms.terms.count), to: &bytes)
            // In the document's order (its words' first occurrences): the same text makes the same
            // bytes, and nothing is sorted.
            for (term, score) in zip(terms.terms, terms.termScores) {
                appendString(term, to: &bytes)
                bytes.append(score)
            }
            appendInteger(UInt64(terms.aliasWords.count), to: &bytes)
            for (word, stem) in zip(terms.aliasWords, terms.aliasStems) {
                appendString(word, to: &bytes)
                appendString(stem, to: &bytes)
            }
        }
        return bytes
    }

    /// The documents of `bytes` by id; nil when they are not a kept-terms file of this version.
    package static func decode(_ bytes: [UInt8]) -> [String: Entry]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: Entry]? in
            var reader = Reader(bytes: buffer)
            guard reader.take(4).map(Array.init) == Array("CSKT".utf8), reader.byte() == formatVersion,
                  let count = reader.integer(), count <= UInt64(buffer.count) else { return nil }
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let id = reader.string(), let key = reader.integer(), let rowLength = reader.integer(),
                      let row = reader.take(Int(clamping: rowLength)), let scoreCount = reader.integer() else { return nil }
                var terms = DocumentTerms()
                terms.reserveTerms(Int(clamping: min(scoreCount, UInt64(buffer.count))))
                for _ in 0..<scoreCount {
                    guard let term = reader.string(), let score = reader.byte() else { return nil }
                    terms.append(term, score: score)
                }
                guard let aliasCount = reader.integer() else { return nil }
                for _ in 0..<aliasCount {
                    guard let word = reader.string(), let stem = reader.string() else { return nil }
                    terms.appendAlias(word, stem: stem)
                }
                entries[id] = Entry(key: key, row: Array(row), terms: terms)
            }
            return reader.isAtEnd ? entries : nil
        }
    }

    // MARK: - Private

    /// LEB128: most lengths are one byte.
    private static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
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
