@testable import CellarEngine
import CellarSearch
import CellarSiteTestSupport
import Foundation
import Testing

/// The search index `cellar build` writes with the default theme: which items, which fields, which
/// files, and what a rebuild after one edit writes again.
@Suite struct SiteSearchTests {
    private func site(settings: String = "", notes: String = "", extra: [String: String] = [:]) throws -> TemporarySite {
        var files = [
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: notes),
            "content/notes/running.md": Fixture.item("title: Running late\ndate: 2024-03-01\n", body: "The trains were running slowly.\n"),
            "content/notes/ca-phe.md": Fixture.item("title: Cà phê sữa đá\nlanguage: vi\ndate: 2024-03-02\n", body: "Uống ở Đà Nẵng.\n"),
            "content/notes/tokyo.md": Fixture.item("title: 東京タワー\nlanguage: ja\ndate: 2024-03-03\n", body: "夜の東京タワーを見た。\n"),
            "content/links/_index.md": Fixture.section("Links", kind: "link"),
            "content/links/swift.md": Fixture.item("title: Swift forums\nlink: https://forums.swift.org/\ndate: 2024-03-04\n"),
        ]
        for (path, text) in extra { files[path] = text }
        return try TemporarySite(files: files, theme: .repository)
    }

    /// Each file's inode and modification time: a file written again has new ones.
    static func stamps(_ folder: String) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var info = stat()
            if stat(folder + "/" + name, &info) == 0 {
                result[name] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
            }
        }
        return result
    }

    private func config(_ site: TemporarySite, folder: String = "search/index/") throws -> [String: Int] {
        let text = try #require(site.output(folder + "config.json"))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
    }

    /// The documents (their addresses) that have `term`, read as search.js reads them.
    private func documents(_ site: TemporarySite, with term: String, folder: String = "search/index/") throws -> [String] {
        let config = try config(site, folder: folder)
        let shards = try #require(config["shards"]), chunk = try #require(config["chunk"])
        let shardText = try #require(site.output(folder + "s-\(SearchIndex.shard(of: term, count: shards)).json"))
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(shardText.utf8)) as? [String: [String: Any]])
        let postings = shard["t"]?[term] as? [Int] ?? []
        var number = 0
        return try postings.map { entry in
            number += entry >> 4
            let chunkText = try #require(site.output(folder + "m-\(number / chunk).json"))
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(chunkText.utf8)) as? [[String]])
            return rows[number % chunk][0]
        }
    }

    @Test func theDefaultThemeGetsAnIndexAndASearchPage() async throws {
        let site = try site()
        try await site.build()
        #expect(try config(site) == ["version": 1, "documents": 4, "shards": 1, "chunk": 10, "prefix": 3])
        #expect(try documents(site, with: "run") == ["/notes/running/"])       // "Running", "running": stemmed
        #expect(try documents(site, with: "phe") == ["/notes/ca-phe/"])        // phê, folded
        #expect(try documents(site, with: "東京") == ["/notes/tokyo/"])         // a pair of characters
        #expect(try documents(site, with: "swift") == ["/links/#item-links-swift"])   // a link has no page: its cell
        let page = try #require(site.output("search/index.html"))
        #expect(page.contains("data-search-page-box") && page.contains("<meta name=\"robots\" content=\"noindex\">"))
        let home = try #require(site.output("index.html"))
        #expect(home.contains("<div class=\"site-search\" hidden data-search-index=\"/search/index/\" data-search-page=\"/search/\""))
        #expect(home.contains("js/search.js"))
        #expect(try site.page("sitemap.xml").contains("/search/") == false)
    }

    @Test func searchFalseWritesNoIndexNoPageAndNoBox() async throws {
        let site = try site(settings: "search: false\n")
        try await site.build()
        #expect(!site.exists("search/index/config.json") && !site.exists("search/index.html"))
        #expect(site.output("index.html")?.contains("search") == false)
    }

    @Test func aSectionOrAKindLeavesItsItemsOut() async throws {
        let link = try String(contentsOfFile: TemporarySite.repository + "/themes/default/kinds/link.yml", encoding: .utf8)
        let site = try site(notes: "search: false\n", extra: ["themes/default/kinds/link.yml": link + "searchable: false\n"])
        try await site.build()
        #expect(try config(site)["documents"] == 0)
    }

    @Test func aKindSaysWhichFieldsAreReadAndHowMuchTheyWeigh() async throws {
        let note = "label: Note\npage: true\nsearchable: body^2\nfields: {}\n"
        let site = try site(extra: ["themes/default/kinds/note.yml": note])
        try await site.build()
        #expect(try documents(site, with: "late") == [])              // the title is not read
        #expect(try documents(site, with: "train") == ["/notes/running/"])
        let shard = try #require(site.output("search/index/s-0.json"))
        // "slowly" once in the body, weight 2: document 2 (the notes come after the link, by path).
        #expect(shard.contains("\"slowli\":[34]"))
    }

    @Test func aSearchableNameThatIsNoFieldIsAnErrorAtItsPlace() async throws {
        let note = "label: Note\npage: true\nsearchable: [title^3, bdy, summary^12]\nfields: {}\n"
        let site = try site(extra: ["themes/default/kinds/note.yml": note])
        let failures = await site.failures()
        #expect(failures.contains { $0.hasSuffix("themes/default/kinds/note.yml:3:23: error: 'bdy' in 'searchable' is not a field of this kind; did you mean 'body'?") },
                "\(failures)")
        #expect(failures.contains { $0.hasSuffix("themes/default/kinds/note.yml:3:28: error: 'summary^12' in 'searchable' must be a field name, with ^ and a weight from 1 to 9 if it weighs more") },
                "\(failures)")
    }

    @Test func anEditOfOneItemsWordsRewritesOnlyTheShardsTheyTouch() async throws {
        // Enough items for many shards: each with words of its own.
        var extra: [String: String] = [:]
        for number in 0..<120 {
            extra["content/notes/n\(number).md"] = Fixture.item("title: Note \(number)\ndate: 2024-01-01\n", body: "word\(number) common\n")
        }
        let site = try site(extra: extra)
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        let shards = try #require(try config(site)["shards"])
        #expect(shards == 16)
        #expect(await session.searchSerialisation()?.shards == 16)
        let before = site.snapshot()
        let stampsBefore = Self.stamps(site.root + "/public/search/index")

        let edited = site.root + "/content/notes/n7.md"
        try site.write(["content/notes/n7.md": Fixture.item("title: Note 7\ndate: 2024-01-01\n", body: "word7 common zebra\n")])
        _ = try await session.build(changed: [edited])
        // Only the shard of the word it gained and its metadata chunk were serialised again.
        let serialised = try #require(await session.searchSerialisation())
        #expect(serialised.shards == 1 && serialised.chunks == 1, "\(serialised)")
        let after = site.snapshot()
        let changed = Set(after.keys.filter { $0.hasPrefix("search/") && after[$0] != before[$0] })
        let zebra = "search/index/s-\(SearchIndex.shard(of: "zebra", count: shards)).json"
        // The new word's shard and the metadata chunk that holds the item (its snippet changed).
        #expect(changed.count == 2 && changed.contains(zebra) && changed.contains { $0.hasPrefix("search/index/m-") },
                "\(changed.sorted())")
        // And nothing else of the index was written: every other file is the very file it was.
        let stampsAfter = Self.stamps(site.root + "/public/search/index")
        let rewritten = Set(stampsAfter.keys.filter { stampsAfter[$0] != stampsBefore[$0] }.map { "search/index/" + $0 })
        #expect(rewritten == changed, "\(rewritten.sorted())")
        #expect(try documents(site, with: "zebra") == ["/notes/n7/"])
    }

    /// A site in English and Vietnamese: each language's items in an index of their own, which that
    /// language's pages (its header box and its search page) query.
    private func bilingual(_ extra: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Notebook\nbase_url: https://example.org/\nlanguage: en\nlanguages:\n"
                + "  - {code: en, name: English}\n  - {code: vi, name: Tiếng Việt}\n---\n",
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/_index.vi.md": "---\ntitle: Ghi chép\n---\n",
            "content/notes/coffee.md": Fixture.item("title: Running for coffee\ndate: 2024-03-01\n", body: "Egg coffee in Hanoi.\n"),
            "content/notes/coffee.vi.md": Fixture.item("title: Cà phê trứng\ndate: 2024-03-01\n",
                                                       body: "Cà phê trứng ở Hà Nội, running.\n"),
            "content/notes/tokyo.md": Fixture.item("title: 東京タワー\nlanguage: ja\ndate: 2024-03-03\n", body: "夜の東京タワー。\n"),
        ].merging(extra) { $1 }, theme: .repository)
    }

    @Test func eachLanguageHasAnIndexOfItsOwnItemsQueriedByItsPages() async throws {
        let site = try bilingual()
        try await site.build()
        // English: its two items (the Japanese one is listed in English), stemmed with English rules.
        #expect(try config(site)["documents"] == 2)
        #expect(try documents(site, with: "run") == ["/notes/coffee/"])
        #expect(try documents(site, with: "東京") == ["/notes/tokyo/"])
        #expect(try documents(site, with: "phe") == [])
        #expect(try documents(site, with: "hanoi") == ["/notes/coffee/"])
        // Vietnamese: only its item, under /vi/, its words folded and not stemmed (Snowball has no Vietnamese).
        let vi = "vi/search/index/"
        #expect(try config(site, folder: vi)["documents"] == 1)
        #expect(try documents(site, with: "phe", folder: vi) == ["/vi/notes/coffee/"])
        #expect(try documents(site, with: "ha", folder: vi) == ["/vi/notes/coffee/"])
        #expect(try documents(site, with: "running", folder: vi) == ["/vi/notes/coffee/"])
        #expect(try documents(site, with: "run", folder: vi) == [])
        #expect(try documents(site, with: "coffee", folder: vi) == [])
        #expect(try documents(site, with: "東京", folder: vi) == [])
        // The section a Vietnamese result shows is the section's Vietnamese title.
        let rows = try #require(site.output(vi + "m-0.json"))
        #expect(rows.contains("\"Ghi chép\"") && !rows.contains("\"Notes\""), "\(rows)")
        // Each language's pages search its own index, from its own search page.
        let home = try site.page("index.html"), viHome = try site.page("vi/index.html")
        #expect(home.contains("data-search-index=\"/search/index/\" data-search-page=\"/search/\""))
        #expect(viHome.contains("data-search-index=\"/vi/search/index/\" data-search-page=\"/vi/search/\""))
        #expect(try site.page("vi/notes/coffee/index.html").contains("data-search-index=\"/vi/search/index/\""))
        let viPage = try site.page("vi/search/index.html")
        #expect(viPage.contains("<html lang=\"vi\">") && viPage.contains("data-search-index=\"/vi/search/index/\""))
        #expect(try site.page("search/index.html").contains("data-search-index=\"/search/index/\""))
    }

    @Test func anEditOfAVietnameseItemRewritesOnlyTheVietnameseIndex() async throws {
        let site = try bilingual()
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        let before = site.snapshot()
        let edited = site.root + "/content/notes/coffee.vi.md"
        try site.write(["content/notes/coffee.vi.md": Fixture.item("title: Cà phê trứng\ndate: 2024-03-01\n",
                                                                   body: "Cà phê trứng ở Hà Nội, ngon.\n")])
        _ = try await session.build(changed: [edited])
        let after = site.snapshot()
        let changed = after.keys.filter { $0.contains("search/index/") && after[$0] != before[$0] }
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("vi/search/index/") }, "\(changed.sorted())")
        #expect(try documents(site, with: "ngon", folder: "vi/search/index/") == ["/vi/notes/coffee/"])
        #expect(try documents(site, with: "running", folder: "vi/search/index/") == [])
        #expect(try documents(site, with: "ngon") == [])
    }
}

/// The search terms a process keeps in `.cellar-cache/search/` for the next one.
@Suite struct KeptSearchTermsTests {
    /// A site of `count` notes, each with a word of its own (`word3`) and one they share (`running`).
    static func notes(_ count: Int) throws -> TemporarySite {
        var files = ["content/_index.md": Fixture.site(""), "content/notes/_index.md": Fixture.section("Notes", kind: "note")]
        for number in 0..<count {
            files["content/notes/n\(number).md"] = Fixture.item("title: Note \(number)\ndate: 2024-01-01\n", body: "word\(number) running\n")
        }
        return try TemporarySite(files: files, theme: .repository)
    }

    /// A one-shot build (`cellar build`, writeMode staged) lets go of its index once written: it keeps
    /// none in memory, and a second build of the same session reads the kept file instead — only the
    /// edited item's words again — and writes what a build from nothing writes.
    @Test func aOneShotBuildKeepsNoIndexInMemoryAndTheNextReadsTheKeptFile() async throws {
        let site = try Self.notes(30)
        let session = BuildSession(options: site.options())
        _ = try await session.build()
        #expect(await session.searchReads() == 30)
        #expect(await session.searchSerialisation() == nil)
        try site.write(["content/notes/n4.md": Fixture.item("title: Note 4\ndate: 2024-01-01\n", body: "word4 zebra\n")])
        _ = try await session.build()
        #expect(await session.searchReads() == 1)
        let edited = site.snapshot()
        try FileManager.default.removeItem(atPath: site.root + "/.cellar-cache")
        _ = try await BuildSession(options: site.options()).build()
        let rebuilt = site.snapshot()
        let index = edited.keys.filter { $0.hasPrefix("search/") }
        #expect(!index.isEmpty && index.allSatisfy { edited[$0] == rebuilt[$0] })
    }

    @Test func aNewProcessAfterAOneFileEditReadsOnlyThatItemsWords() async throws {
        let site = try Self.notes(40)
        let first = BuildSession(options: site.options())
        _ = try await first.build()
        #expect(await first.searchReads() == 40)
        #expect(site.exists(".cellar-cache/search/terms.bin"))
        let fresh = site.snapshot()

        // A new process (a session with nothing in memory): only the edited item is read again.
        try site.write(["content/notes/n7.md": Fixture.item("title: Note 7\ndate: 2024-01-01\n", body: "word7 zebra\n")])
        let second = BuildSession(options: site.options())
        _ = try await second.build()
        #expect(await second.searchReads() == 1)
        // And its index is what a build from nothing writes.
        let edited = site.snapshot()
        try FileManager.default.removeItem(atPath: site.root + "/.cellar-cache")
        let third = BuildSession(options: site.options())
        _ = try await third.build()
        #expect(await third.searchReads() == 40)
        let rebuilt = site.snapshot()
        let index = edited.keys.filter { $0.hasPrefix("search/") }
        #expect(!index.isEmpty && index.allSatisfy { edited[$0] == rebuilt[$0] })
        #expect(index.contains { edited[$0] != fresh[$0] })
    }

    @Test func aKeptFileThatIsNotOneIsReadAsNothing() async throws {
        let site = try TemporarySite(files: ["content/_index.md": Fixture.site(""),
                                             "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
                                             "content/notes/a.md": Fixture.item("title: A note\ndate: 2024-01-01\n", body: "Words.\n")],
                                     theme: .repository)
        try site.write([".cellar-cache/search/terms.bin": "CSKT\u{1}garbage"])
        let session = BuildSession(options: site.options())
        _ = try await session.build()
        #expect(await session.searchReads() == 1)
        #expect(try site.page("search/index/m-0.json").contains("A note"))
    }

    @Test func keptTermsReadBackAsTheyWere() {
        var terms = DocumentTerms()
        terms.scores = ["run": 4, "東京": 1, "phe": 15]
        terms.aliases = ["running": "run"]
        let state = SearchIndexState(ids: ["a.md", "b/c.md"], keys: [7, UInt64.max], rows: [Array("[\"/a/\"]".utf8), []],
                                     terms: [terms, DocumentTerms()])
        let bytes = KeptTerms.encode(state)
        let read = KeptTerms.decode(bytes)
        #expect(read?["a.md"]?.key == 7 && read?["a.md"]?.terms == terms && read?["a.md"]?.row == Array("[\"/a/\"]".utf8))
        #expect(read?["b/c.md"]?.key == UInt64.max && read?["b/c.md"]?.terms == DocumentTerms())
        #expect(KeptTerms.decode(Array(bytes.dropLast())) == nil)
        #expect(KeptTerms.decode(bytes + [0]) == nil)
    }
}
