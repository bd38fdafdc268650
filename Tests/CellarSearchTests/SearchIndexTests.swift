import CellarSearch
import Foundation
import Testing

@Suite struct SearchIndexTests {
    static func document(_ url: String, title: String, body: String, language: String = "en") -> SearchDocument {
        SearchDocument(url: url, title: title, kind: "Article", date: "2024-05-01", section: "Posts", language: language,
                       fields: [.init(title, weight: 3), .init(body)], snippet: body)
    }

    static func build(_ documents: [SearchDocument]) -> [String: String] {
        let terms = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: $0.language)) }
        var files: [String: String] = [:]
        for file in SearchIndex.files(documents, terms: terms) { files[file.path] = String(decoding: file.bytes, as: UTF8.self) }
        return files
    }

    static func shard(_ files: [String: String], of term: String) throws -> [String: Any] {
        let count = try #require(Int(files["search/index/config.json"]?.split(separator: "\"shards\":")[1].prefix { $0.isNumber } ?? ""))
        let text = try #require(files["search/index/s-\(SearchIndex.shard(of: term, count: count)).json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func termsWeighByFieldAndPostingsAreDeltaCoded() throws {
        let files = Self.build([Self.document("/a/", title: "Running", body: "nothing"),
                                Self.document("/b/", title: "Other", body: "running and runs")])
        let shard = try Self.shard(files, of: "run")
        let postings = try #require((shard["t"] as? [String: [Int]])?["run"])
        // Document 0: title, weight 3. Document 1 (delta 1): two body words, weight 1 each.
        #expect(postings == [0 * 16 + 3, 1 * 16 + 2])
        let aliases = try Self.shard(files, of: "running")["a"] as? [String: String]
        #expect(aliases?["running"] == "run")
    }

    /// A document's terms are what its tokens add up to, each word counted before it is stemmed once.
    @Test(arguments: ["en", "vi", "ja"])
    func documentTermsAreTheSumOfTheTokens(_ language: String) {
        let document = Self.document("/a/", title: "Running runs: Cà phê, 東京タワー, running",
                                     body: String(repeating: "Rebuilding rebuilds the running site; 古本屋 and Đà Nẵng. ", count: 9),
                                     language: language)
        let tokenizer = SearchTokenizer(language: language)
        var expected = DocumentTerms()
        for field in document.fields {
            for token in tokenizer.tokens(field.text) {
                expected.scores[token.term] = min(SearchIndex.highestScore, expected.scores[token.term, default: 0] + field.weight)
                if token.word != token.term { expected.aliases[token.word] = token.term }
            }
        }
        #expect(DocumentTerms(document, tokenizer: tokenizer) == expected)
        #expect(expected.scores.values.contains(SearchIndex.highestScore))
    }

    @Test func metadataIsChunkedAndSnippetsAreCut() throws {
        let documents = (0..<23).map { Self.document("/p/\($0)/", title: "Post \($0)", body: "Words \($0) " + String(repeating: "long text ", count: 60)) }
        let files = Self.build(documents)
        #expect(files.keys.filter { $0.contains("/m-") }.count == 3)
        let chunk = try #require(files["search/index/m-2.json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(chunk.utf8)) as? [[String]])
        #expect(rows.count == 3)
        #expect(rows[0][0] == "/p/20/" && rows[0][1] == "Post 20" && rows[0][2] == "Article" && rows[0][4] == "Posts")
        #expect(rows[0][5].count <= SearchIndex.snippetLength + 1 && rows[0][5].hasSuffix("…"))
    }

    @Test func theSameDocumentsMakeTheSameBytes() {
        let documents = (0..<40).map { Self.document("/p/\($0)/", title: "Title \($0) café", body: "東京 body \($0 % 7)") }
        #expect(Self.build(documents) == Self.build(documents))
    }

    @Test func anEditTouchesOnlyTheShardsOfItsWords() {
        var documents = (0..<200).map { Self.document("/p/\($0)/", title: "Post \($0)", body: "common words here, item number \($0)") }
        let before = Self.build(documents)
        documents[57] = Self.document("/p/57/", title: "Post 57", body: "common words here, item number 57 zebra")
        let after = Self.build(documents)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        let count = SearchIndex.shardCount(documents: 200)
        #expect(changed == ["search/index/s-\(SearchIndex.shard(of: "zebra", count: count)).json", "search/index/m-5.json"])
    }

    @Test func controlCharactersStayOutOfTheJSON() throws {
        let files = Self.build([Self.document("/a/", title: "a\u{1B}[31mb\u{7}\u{85}c \"d\"", body: "x")])
        let chunk = try #require(files["search/index/m-0.json"])
        #expect(chunk.hasPrefix("[[\"/a/\",\"a[31mbc \\\"d\\\"\","))
        #expect(try JSONSerialization.jsonObject(with: Data(chunk.utf8)) is [[String]])
    }

    /// The index kept between builds: replacing one document re-serialises the shards of the terms
    /// it gained or lost and its metadata chunk, and the files are those a full build makes.
    @Test func anEditedStateSerialisesOnlyTheTouchedShardsAndMatchesAFullBuild() {
        var documents = (0..<300).map { Self.document("/p/\($0)/", title: "Post \($0)", body: "common words here, item number \($0)") }
        let terms = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }
        var state = SearchIndexState(ids: documents.map(\.url), keys: documents.map { _ in 0 }, documents: documents, terms: terms)
        #expect(state.changedFiles().count == 1 + state.shards + 30)
        #expect(state.serialisedShards == state.shards)

        documents[120] = Self.document("/p/120/", title: "Post 120", body: "common words here, item zebras running 120")
        let edited = DocumentTerms(documents[120], tokenizer: SearchTokenizer(language: "en"))
        state.replace(120, key: 1, document: documents[120], terms: edited)
        let changed = state.changedFiles()
        // Gained "zebra" and "run" (and the aliases "zebras", "running"), lost "number"; "item" kept its score.
        let touched = Set(["zebra", "run", "zebras", "running", "number"].map { SearchIndex.shard(of: $0, count: state.shards) })
        #expect(state.serialisedShards == touched.count)
        #expect(state.serialisedChunks == 1)
        #expect(Set(changed.map(\.path)) == Set(touched.map { "search/index/s-\($0).json" } + ["search/index/m-12.json"]))

        var full: [String: [UInt8]] = [:]
        for file in SearchIndex.files(documents, terms: documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }) {
            full[file.path] = file.bytes
        }
        var kept: [String: [UInt8]] = [:]
        for file in state.allFiles() { kept[file.path] = file.bytes }
        #expect(kept == full)
        // Nothing changed since: nothing to serialise.
        #expect(state.changedFiles().isEmpty)
    }

    /// Back to what it was: the postings and aliases it lost are whole again.
    @Test func anEditUndoneGivesBackTheFirstBytes() {
        let documents = (0..<50).map { Self.document("/p/\($0)/", title: "Runner \($0)", body: "running shoes \($0 % 5)") }
        let terms = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }
        var state = SearchIndexState(ids: documents.map(\.url), keys: documents.map { _ in 0 }, documents: documents, terms: terms)
        let first = state.allFiles().map(\.bytes)
        let other = Self.document("/p/7/", title: "Other", body: "nothing alike")
        state.replace(7, key: 1, document: other, terms: DocumentTerms(other, tokenizer: SearchTokenizer(language: "en")))
        #expect(state.allFiles().map(\.bytes) != first)
        state.replace(7, key: 0, document: documents[7], terms: terms[7])
        #expect(state.allFiles().map(\.bytes) == first)
    }

    @Test func shardsArePowersOfTwoFromOneToAThousandAndTwentyFour() {
        #expect(SearchIndex.shardCount(documents: 0) == 1)
        #expect(SearchIndex.shardCount(documents: 50) == 8)
        #expect(SearchIndex.shardCount(documents: 10_000) == 1024)
        #expect(SearchIndex.shardCount(documents: 1_000_000) == 1024)
    }

    @Test func theShardHashIsFNV1aOfTheFirstThreeCharacters() {
        // FNV-1a 32 of "abc" is 0x1A47E90B: search.js computes the same number.
        #expect(SearchIndex.shard(of: "abcdef", count: 1024) == 0x1A47E90B & 1023)
        #expect(SearchIndex.shard(of: "running", count: 64) == SearchIndex.shard(of: "run", count: 64))
    }
}
