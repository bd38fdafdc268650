/// The files of a sharded search index, under `search/index/` of the output:
///
/// - `config.json`: how many documents and shards there are, and the chunk size (fetched first);
/// - `s-<n>.json`, one per shard: `{"t": {term: postings}, "a": {word: stem}}`. A term's shard is
///   the FNV-1a hash of its first ``prefixLength`` characters, so the terms that start with what a
///   reader has typed so far are in the one shard the script fetches. Postings are one number per
///   document: `(document - previous document) * 16 + score`;
/// - `m-<n>.json`, one per ``chunkSize`` documents: `[url, title, kind, date, section, snippet]`
///   each, fetched only for the results shown.
///
/// The bytes depend only on the documents (in the order given) and their terms: a rebuild of the
/// same site writes the same files, and an edit of one item's words changes the shards of the terms
/// it gained or lost (and, when its score moved, of the terms it kept), its metadata chunk, nothing else.
package enum SearchIndex {
    package static let folder = "search/index"
    package static let prefixLength = 3
    package static let chunkSize = 10
    package static let highestScore = 15
    package static let snippetLength = 280
    package static let formatVersion = 1

    /// Shards: a power of two, about one for every ten documents, from 1 to 1024.
    package static func shardCount(documents: Int) -> Int {
        var count = 1
        while count < 1024, count * 10 < documents { count *= 2 }
        return count
    }

    /// The shard of a term (or of a word the reader typed): FNV-1a (32 bits) of the UTF-8 of its
    /// first three characters (Unicode scalars), masked to the shard count. search.js computes the same.
    package static func shard(of term: String, count: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for scalar in term.unicodeScalars.prefix(prefixLength) {
            for byte in String(scalar).utf8 {
                hash = (hash ^ UInt32(byte)) &* 0x0100_0193
            }
        }
        return Int(hash & UInt32(count - 1))
    }

    /// Every file of the index, path (relative to the output) → bytes, for `documents` (in the order
    /// their numbers follow) and their terms (`terms[i]` of `documents[i]`).
    package static func files(_ documents: [SearchDocument], terms: [DocumentTerms]) -> [(path: String, bytes: [UInt8])] {
        var state = SearchIndexState(ids: documents.indices.map(String.init), keys: documents.map { _ in 0 },
                                     documents: documents, terms: terms)
        return state.allFiles()
    }

    /// The first ``snippetLength`` characters of `text` with runs of white space made one space,
    /// cut after the last whole word (an ideographic text is cut anywhere).
    package static func snippet(_ text: String) -> String {
        asciiSnippet(text) ?? snippetByCharacters(text)
    }

    /// ``snippet(_:)`` character by character: what it does with any text (and what its ASCII path
    /// on bytes must give, as a test checks).
    package static func snippetByCharacters(_ text: String) -> String {
        var result = ""
        var count = 0
        var pendingSpace = false
        for character in text {
            if character.isWhitespace { pendingSpace = !result.isEmpty; continue }
            if pendingSpace { result.append(" "); count += 1; pendingSpace = false }
            if count >= snippetLength {
                if let lastSpace = result.lastIndex(of: " "), result.distance(from: lastSpace, to: result.endIndex) < 40 {
                    result = String(result[..<lastSpace])
                }
                return result + "…"
            }
            result.append(character)
            count += 1
        }
        return result
    }

    /// ``snippet(_:)`` on bytes, while what it reads is ASCII (a byte is then a character, and the
    /// white space is tab, line feed, vertical tab, form feed, carriage return and space); nil when it
    /// meets another byte before it is done. The snippet is written into a buffer of its largest
    /// size, not appended to byte by byte (a check of an array's capacity and that it is not shared
    /// for each of up to 280 bytes of every document).
    private static func asciiSnippet(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: snippetLength + 1) { result -> String? in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if byte >= 0x80 { return nil }
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { pendingSpace = count > 0; continue }
                    if pendingSpace {
                        result[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    if count >= snippetLength {
                        if let lastSpace = result[0..<count].lastIndex(of: 0x20), count - lastSpace < 40 { count = lastSpace }
                        return String(decoding: UnsafeBufferPointer(rebasing: result[0..<count]), as: UTF8.self) + "…"
                    }
                    result[count] = byte
                    count += 1
                }
                return String(decoding: UnsafeBufferPointer(rebasing: result[0..<count]), as: UTF8.self)
            }
        }
    }
}
