import Dispatch

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
        precondition(documents.count == terms.count)
        let shards = shardCount(documents: documents.count)
        var postings: [String: [Int]] = [:]
        var aliases: [String: Set<String>] = [:]
        for (number, document) in terms.enumerated() {
            for (term, score) in document.scores { postings[term, default: []].append(number * 16 + score) }
            for (word, stem) in document.aliases { aliases[word, default: []].insert(stem) }
        }
        var shardTerms = [[String]](repeating: [], count: shards)
        for term in postings.keys { shardTerms[shard(of: term, count: shards)].append(term) }
        var shardAliases = [[String]](repeating: [], count: shards)
        for word in aliases.keys { shardAliases[shard(of: word, count: shards)].append(word) }

        var files: [(String, [UInt8])] = []
        files.append(("\(folder)/config.json", Array(("{\"version\":\(formatVersion),\"documents\":\(documents.count),"
            + "\"shards\":\(shards),\"chunk\":\(chunkSize),\"prefix\":\(prefixLength)}\n").utf8)))
        // Shards are written on every core: at 10,000 items they hold millions of numbers.
        let (allPostings, allAliases, termsOfShard, aliasesOfShard) = (postings, aliases, shardTerms, shardAliases)
        var shardFiles = [[UInt8]](repeating: [], count: shards)
        shardFiles.withUnsafeMutableBufferPointer { output in
            let output = SendableBuffer(output)
            DispatchQueue.concurrentPerform(iterations: shards) { shard in
                var json: [UInt8] = []
                json.append(contentsOf: "{\"t\":{".utf8)
                for (index, term) in termsOfShard[shard].sorted(by: utf8Order).enumerated() {
                    if index > 0 { json.append(UInt8(ascii: ",")) }
                    json.append(contentsOf: JSONText.quoted(term).utf8)
                    json.append(contentsOf: ":[".utf8)
                    var previous = 0
                    // Entries were appended in document order; scores ride in the low four bits.
                    for (position, entry) in (allPostings[term] ?? []).enumerated() {
                        let number = entry >> 4, score = entry & 15
                        if position > 0 { json.append(UInt8(ascii: ",")) }
                        appendDecimal((number - previous) * 16 + score, to: &json)
                        previous = number
                    }
                    json.append(UInt8(ascii: "]"))
                }
                json.append(contentsOf: "},\"a\":{".utf8)
                for (index, word) in aliasesOfShard[shard].sorted(by: utf8Order).enumerated() {
                    if index > 0 { json.append(UInt8(ascii: ",")) }
                    json.append(contentsOf: JSONText.quoted(word).utf8)
                    json.append(UInt8(ascii: ":"))
                    json.append(contentsOf: JSONText.quoted((allAliases[word] ?? []).sorted(by: utf8Order).joined(separator: " ")).utf8)
                }
                json.append(contentsOf: "}}\n".utf8)
                output.buffer[shard] = json
            }
        }
        for (shard, bytes) in shardFiles.enumerated() { files.append(("\(folder)/s-\(shard).json", bytes)) }
        for start in stride(from: 0, to: documents.count, by: chunkSize) {
            var json = "["
            for document in documents[start..<min(start + chunkSize, documents.count)] {
                if json.count > 1 { json += ",\n" }
                json += "[" + [document.url, document.title, document.kind, document.date, document.section,
                               snippet(document.snippet)].map(JSONText.quoted).joined(separator: ",") + "]"
            }
            json += "]\n"
            files.append(("\(folder)/m-\(start / chunkSize).json", Array(json.utf8)))
        }
        return files
    }

    /// The first ``snippetLength`` characters of `text` with runs of white space made one space,
    /// cut after the last whole word (an ideographic text is cut anywhere).
    package static func snippet(_ text: String) -> String {
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

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 { bytes.append(UInt8(48 + value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    private static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A buffer each concurrent iteration writes its own element of.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// JSON string literals, without control characters.
package enum JSONText {
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                // Other control characters (BEL, ESC, C1) are left out: no output of Cellar carries them.
                if scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
