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

    /// The terms the tokenizer counts on ASCII bytes (and remembers from document to document) are
    /// those of its tokens, word by word: upper case, digits, single letters, overlong words,
    /// punctuation, a field of weight 0, and the same tokenizer reading documents one after another.
    @Test func asciiTermsCountedOnBytesAreTheSumOfTheTokens() {
        let texts = ["The Runner's RUNNING, 2024: a b 7 x9 rebuilds; REBUILDING\tthe\r\nsite " + String(repeating: "Z", count: 41) + " end",
                     "Running runs ran: runner, runners and RUN-ning. " + String(repeating: "q", count: 40),
                     "", "   ", "a", "Ab", "Mixed ASCII then café and 東京, then running",
                     "The Runner's RUNNING, 2024: a b 7 x9 rebuilds",
                     // Words of 8 bytes and of 9 (packed in a number, or not), in ASCII and not.
                     "abcdefgh abcdefghi phở phởs naïveté naïvetés cà phê Über rebuilds дом дома домики"]
        let tokenizer = SearchTokenizer(language: "en")
        for (index, text) in texts.enumerated() {
            let fields: [SearchDocument.Field] = [.init(text, weight: 3), .init(texts[(index + 1) % texts.count]), .init("ignored words", weight: 0)]
            var expected = DocumentTerms()
            for field in fields where field.weight > 0 {
                for token in SearchTokenizer(language: "en").tokens(field.text) {
                    expected.scores[token.term] = min(SearchIndex.highestScore, expected.scores[token.term, default: 0] + field.weight)
                    if token.word != token.term { expected.aliases[token.word] = token.term }
                }
            }
            let counted = tokenizer.terms(of: fields)
            #expect(counted == expected, "text \(index)")
            #expect(counted.scores == expected.scores && counted.aliases == expected.aliases)
            // Each term once, in the order its words first occur.
            #expect(Set(counted.terms).count == counted.terms.count)
        }
    }

    /// Text read eight bytes at a time gives the terms of its tokens: words of 1 to 12 letters and
    /// digits (upper case too) between runs of every other ASCII byte, texts of every length up to
    /// past two eight-byte reads, so that words start and end at every place of a read and at the
    /// text's end. The terms a session numbers (``TermNumbers``) are the same, in the same order.
    @Test func asciiWordsReadEightBytesAtATimeAreTheTokens() {
        let wordBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        let separators = (0..<128).map(UInt8.init).filter { !wordBytes.contains($0) && $0 != 0 }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        let numbers = TermNumbers()
        let plain = SearchTokenizer(language: "en"), numbered = SearchTokenizer(language: "en", numbers: numbers)
        for length in 0..<200 {
            var bytes: [UInt8] = []
            while bytes.count < length {
                let separatorRun = next(3)
                for _ in 0..<separatorRun { bytes.append(separators[next(separators.count)]) }
                let wordLength = 1 + next(12)
                // Words of a few letters and digits only, so that they repeat (and are found
                // again), some stemmed (`abs`, `bing`).
                let pool = Array("absingS01".utf8)
                for _ in 0..<wordLength { bytes.append(pool[next(pool.count)]) }
                if bytes.count < length, next(2) == 0 { bytes.append(UInt8(ascii: " ")) }
            }
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            var expected = DocumentTerms()
            for token in SearchTokenizer(language: "en").tokens(text) {
                expected.scores[token.term] = min(SearchIndex.highestScore, expected.scores[token.term, default: 0] + 2)
                if token.word != token.term { expected.aliases[token.word] = token.term }
            }
            let counted = plain.terms(of: [.init(text, weight: 2)])
            #expect(counted.scores == expected.scores && counted.aliases == expected.aliases, "\(text.debugDescription)")
            let again = numbered.terms(of: [.init(text, weight: 2)])
            #expect(again.numberedBy == numbers.id)
            #expect(again.terms == counted.terms && again.termScores == counted.termScores)
            #expect(again.aliasWords == counted.aliasWords && again.aliasStems == counted.aliasStems)
        }
    }

    /// A tokenizer that meets thousands of distinct words (its word tables and per-term states grow
    /// several times, past their first size) still gives each document the terms of its tokens, in
    /// the order they first occur, and a word met again in a later document is found, not added twice.
    @Test func aTokenizerWhoseTablesGrowCountsEveryDocumentAsAFreshOne() {
        func word(_ number: Int) -> String {
            var rest = number, letters = ""
            repeat {
                letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(rest % 26))))
                rest /= 26
            } while rest > 0
            return "q" + letters + (number % 3 == 0 ? "s" : "")   // some plural, so stemmed to an alias
        }
        let used = SearchTokenizer(language: "en")
        for document in 0..<12 {
            // 400 new words a document, and 100 met in earlier documents.
            let words = (0..<400).map { word(document * 400 + $0) } + (0..<100).map { word(($0 * 37 + document) % max(1, document * 400)) }
            let fields: [SearchDocument.Field] = [.init(words.joined(separator: " "), weight: 2), .init(words.prefix(50).joined(separator: ", "))]
            let counted = used.terms(of: fields)
            let fresh = SearchTokenizer(language: "en").terms(of: fields)
            #expect(counted.terms == fresh.terms && counted.termScores == fresh.termScores, "document \(document)")
            #expect(counted.aliasWords == fresh.aliasWords && counted.aliasStems == fresh.aliasStems, "document \(document)")
        }
    }

    /// The same text gives the same arrays (what ``KeptTerms`` writes), whatever was read before.
    @Test func documentTermsKeepTheirWordsFirstOrder() {
        let fields: [SearchDocument.Field] = [.init("Zebras run past apples", weight: 3), .init("apples and zebras running")]
        let fresh = SearchTokenizer(language: "en").terms(of: fields)
        let used = SearchTokenizer(language: "en")
        _ = used.terms(of: [.init("apples first, then many other words and zebra")])
        #expect(fresh.terms == ["zebra", "run", "past", "appl", "and"])
        #expect(fresh.termScores == [4, 4, 3, 4, 1])
        #expect(fresh.aliasWords == ["zebras", "apples", "running"])
        let again = used.terms(of: fields)
        #expect(again.terms == fresh.terms && again.termScores == fresh.termScores && again.aliasWords == fresh.aliasWords)
    }

    /// The snippet of ASCII text (cut on bytes) is the one cut character by character (``SearchIndex/snippetByCharacters(_:)``).
    @Test func asciiSnippetsAreCutAsCharactersAre() {
        let word = "lorem ipsum\tdolor\r\nsit  amet,\u{0B}\u{0C} \u{1F}consectetur-adipiscing-elit-sed-do-eiusmod "
        for length in [0, 1, 2, 50, 278, 279, 280, 281, 282, 300, 1000] {
            for shift in 0..<7 {
                let text = String(String(repeating: word, count: 30).dropFirst(shift).prefix(length))
                #expect(SearchIndex.snippet(text) == SearchIndex.snippetByCharacters(text), "length \(length), shift \(shift)")
                #expect(SearchIndex.snippet(text + "\u{85}é") == SearchIndex.snippetByCharacters(text + "\u{85}é"))
            }
        }
        #expect(SearchIndex.snippet(String(repeating: "x", count: 300)) == String(repeating: "x", count: 280) + "…")
    }

    /// The kept file holds the index's postings term by term: every document reads back with the
    /// terms, scores and aliases it had, and a term shared by every document is written once.
    @Test func keptTermsWriteEachTermOnceAndReadBackEveryDocument() throws {
        let documents = (0..<60).map { number in
            SearchDocument(url: "/p/\(number)/", title: "Running post \(number)", kind: "Article", date: "", section: "", language: "en",
                           fields: [.init("Running post \(number)", weight: 3), .init("common words, item \(number % 7) café 東京 runs")],
                           snippet: "")
        }
        let tokenizer = SearchTokenizer(language: "en")
        let terms = documents.map { DocumentTerms($0, tokenizer: tokenizer) }
        let state = SearchIndexState(ids: documents.map(\.url), keys: documents.indices.map(UInt64.init), documents: documents, terms: terms)
        let bytes = KeptTerms.encode(state)
        let read = try #require(KeptTerms.decode(bytes))
        #expect(read.count == documents.count)
        for (number, document) in documents.enumerated() {
            let entry = try #require(read[document.url])
            #expect(entry.key == UInt64(number) && entry.terms == terms[number] && entry.row == SearchIndexState.row(document))
            #expect(entry.terms.aliases == ["running": "run", "runs": "run", "words": "word"])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "common").count == 2)
        // An alias's word (not a term) once too, whatever number of documents have it.
        #expect(text.components(separatedBy: "running").count == 2)
        // Written in parts (the build's way, so the file is never one array grown by doubling):
        // cut wherever a part passes its size, they are the same bytes.
        let parts = KeptTerms.encodedParts(state, partSize: 256)
        #expect(parts.count > 3)
        #expect(parts.dropLast().allSatisfy { $0.count >= 256 })
        #expect(Array(parts.joined()) == bytes)
        // Cut anywhere, it is not one.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 50)) {
            #expect(KeptTerms.decode(Array(bytes.prefix(length))) == nil)
        }
    }

    /// A term in more documents than the shard writer writes at a time (1,024 entries) and with
    /// gaps of several digits: its shard lists every document, in order, with its score, and the
    /// kept file reads back every document's terms.
    @Test func longPostingsAreWholeInTheShardAndTheKeptFile() throws {
        let documents = (0..<2_600).map { number in
            // "every" in all of them; "rare" in every 250th (deltas of 250 × 16: four digits).
            SearchDocument(url: "/p/\(number)/", title: "Every post", kind: "Article", date: "", section: "", language: "en",
                           fields: [.init("Every post", weight: 1 + number % 3), .init(number % 250 == 0 ? "rare runs" : "plain")],
                           snippet: "")
        }
        let tokenizer = SearchTokenizer(language: "en")
        let terms = documents.map { DocumentTerms($0, tokenizer: tokenizer) }
        var files: [String: String] = [:]
        for file in SearchIndex.files(documents, terms: terms) { files[file.path] = String(decoding: file.bytes, as: UTF8.self) }
        let every = try #require((try Self.shard(files, of: "everi")["t"] as? [String: [Int]])?["everi"])
        #expect(every == documents.indices.map { ($0 == 0 ? 0 : 16) + 1 + $0 % 3 })
        let rare = try #require((try Self.shard(files, of: "rare")["t"] as? [String: [Int]])?["rare"])
        #expect(rare == stride(from: 0, to: documents.count, by: 250).map { $0 == 0 ? 1 : 250 * 16 + 1 })
        let state = SearchIndexState(ids: documents.map(\.url), keys: documents.indices.map(UInt64.init), documents: documents, terms: terms)
        let read = try #require(KeptTerms.decode(KeptTerms.encode(state)))
        for (number, document) in documents.enumerated() {
            #expect(read[document.url]?.terms == terms[number])
        }
    }

    /// Terms numbered by the tokenizers that read them (``TermNumbers``, shared, met in any order)
    /// make the same files as terms looked up by their strings; a document whose terms carry no
    /// numbers (kept on disk) is read by its strings.
    @Test func termsNumberedByTheTokenizersMakeTheSameIndex() throws {
        let documents = (0..<40).map { number in
            Self.document("/p/\(number)/", title: "Running post \(number) café",
                          body: "words \(number % 5) rebuilt 東京タワー item\(number) " + (number.isMultiple(of: 3) ? "Đà Nẵng" : "garden"))
        }
        let numbers = TermNumbers()
        let first = SearchTokenizer(language: "en", numbers: numbers), second = SearchTokenizer(language: "en", numbers: numbers)
        // Read back to front, alternately: the numbers follow no order of the documents.
        var numbered = [DocumentTerms](repeating: DocumentTerms(), count: documents.count)
        for number in documents.indices.reversed() {
            numbered[number] = DocumentTerms(documents[number], tokenizer: number.isMultiple(of: 2) ? first : second)
        }
        let vocabulary = numbers.terms
        for terms in numbered {
            #expect(terms.numberedBy == numbers.id && terms.termNumbers.map { vocabulary[Int($0)] } == terms.terms)
        }
        let plain = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }
        #expect(plain.allSatisfy { $0.termNumbers.isEmpty } && plain == numbered)
        func files(_ terms: [DocumentTerms], numbers: TermNumbers?) -> [String] {
            var state = SearchIndexState(ids: documents.map(\.url), keys: documents.map { _ in 0 },
                                         rows: documents.map(SearchIndexState.row), terms: terms, numbers: numbers)
            return state.allFiles().map { $0.path + "\n" + String(decoding: $0.bytes, as: UTF8.self) }
        }
        let expected = files(plain, numbers: nil)
        #expect(files(numbered, numbers: numbers) == expected)
        // One document as kept on disk (no numbers), or numbered by another session's numbers.
        var mixed = numbered
        mixed[7] = plain[7]
        #expect(files(mixed, numbers: numbers) == expected)
        #expect(files(numbered, numbers: TermNumbers()) == expected)
    }

    /// Terms numbered by the session's ``TermNumbers`` keep only their numbers (no String per term
    /// and document while the pages render), and everything made of them is what the same terms as
    /// strings make: the kept file (in pieces of any size, made on every core), the index's files
    /// (in batches of any size); read back with the session's numbers, the kept file gives numbered
    /// documents that make the same files again.
    @Test func numberedTermsMakeTheSameKeptFileAndIndexAsStrings() throws {
        let documents = (0..<50).map { number in
            Self.document("/p/\(number)/", title: "Running posts \(number) café",
                          body: "words \(number % 5) gardens rebuilt 東京タワー item\(number) " + (number.isMultiple(of: 3) ? "Đà Nẵng" : "gardening"))
        }
        let numbers = TermNumbers()
        let tokenizer = SearchTokenizer(language: "en", numbers: numbers)
        let numbered = documents.map { DocumentTerms($0, tokenizer: tokenizer) }
        let plain = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }
        #expect(numbered.allSatisfy { $0.numbering === numbers && $0.termNumbers.count == $0.termCount })
        #expect(numbered.allSatisfy { $0.aliasWordNumbers.count == $0.aliasCount })
        #expect(numbered.contains { !$0.aliasWordNumbers.isEmpty })
        #expect(zip(numbered, plain).allSatisfy { $0.terms == $1.terms && $0.aliasWords == $1.aliasWords && $0.aliasStems == $1.aliasStems })
        let ids = documents.map(\.url), keys = documents.indices.map(UInt64.init), rows = documents.map(SearchIndexState.row)
        var fromNumbered = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: numbered, numbers: numbers)
        var fromPlain = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: plain)
        let bytes = KeptTerms.encode(fromPlain)
        #expect(KeptTerms.encode(fromNumbered) == bytes)
        for size in [1, 64, 1000, 1 << 20] {
            #expect(Array(KeptTerms.encodedParts(fromNumbered, partSize: size).joined()) == bytes)
        }
        let files = fromPlain.allFiles()
        #expect(fromNumbered.allFiles().map(\.bytes) == files.map(\.bytes))
        for batch in [1, 3, 1000] {
            var batched: [(path: String, bytes: [UInt8])] = []
            fromNumbered.forEachFile(all: true, batch: batch) { batched.append(($0, $1)) }
            #expect(batched.map(\.path) == files.map(\.path) && batched.map(\.bytes) == files.map(\.bytes))
        }
        let session = TermNumbers()
        let read = try #require(KeptTerms.decode(bytes, numbers: session))
        let kept = try ids.map { try #require(read[$0]).terms }
        #expect(kept.allSatisfy { $0.numbering === session } && kept == plain)
        var again = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: kept, numbers: session)
        #expect(again.allFiles().map(\.bytes) == files.map(\.bytes))
        #expect(KeptTerms.encode(again) == bytes)
    }

    /// A `cellar build`'s index lets go of each document's terms once its postings hold them
    /// (`holdsTerms: false`): its files and its kept file are those of an index that holds them,
    /// numbered or not, and each document keeps its aliases (what `terms.bin` lists per document).
    @Test func anIndexThatLetsTermsGoMakesTheSameFiles() {
        let documents = (0..<40).map { number in
            Self.document("/p/\(number)/", title: "Running gardens \(number)", body: "rebuilt café 東京 item\(number) " + (number.isMultiple(of: 4) ? "Đà Nẵng" : "walked"))
        }
        let ids = documents.map(\.url), keys = documents.indices.map(UInt64.init), rows = documents.map(SearchIndexState.row)
        let numbers = TermNumbers()
        let numbered = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en", numbers: numbers)) }
        let plain = documents.map { DocumentTerms($0, tokenizer: SearchTokenizer(language: "en")) }
        var holding = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: plain)
        let kept = KeptTerms.encode(holding)
        let files = holding.allFiles()
        for (terms, numbering) in [(numbered, Optional(numbers)), (plain, nil)] {
            var letting = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: terms, numbers: numbering, holdsTerms: false)
            #expect(!letting.holdsTerms)
            #expect(documents.indices.allSatisfy { letting.entry($0).terms.termCount == 0 })
            #expect(documents.indices.allSatisfy { letting.entry($0).terms.aliasWords == plain[$0].aliasWords })
            #expect(documents.indices.contains { letting.entry($0).terms.aliasCount > 0 })
            #expect(KeptTerms.encode(letting) == kept)
            #expect(letting.allFiles().map(\.path) == files.map(\.path))
            #expect(letting.allFiles().map(\.bytes) == files.map(\.bytes))
        }
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
