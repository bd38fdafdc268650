import CellarDiagnostics
@testable import CellarImport
import Foundation
import Testing

/// `cellar import hugo` carries a site in several languages over: Hugo's `[languages]` become
/// `languages:`, `post.vi.md` and per-language content folders become sibling translations, every
/// page keeps its `/<code>/…` URL, and translations are linked so that hreflang alternates find them.
@Suite struct MultilingualImportTests {
    /// A small bilingual Hugo site written for these tests: a dated permalink, a translated page with
    /// its own slug, a bundle with its translation, a pair linked by `translationKey`, section and home words.
    static let site: [String: String] = [
        "config/_default/hugo.toml": "baseURL = \"https://example.org/\"\ntitle = \"Garden notes\"\ndefaultContentLanguage = \"en\"\n"
            + "[permalinks]\nposts = \"/:year/:slug/\"\n",
        "config/_default/languages.toml": "[en]\nlanguageName = \"English\"\nweight = 1\n"
            + "[vi]\nlanguageName = \"Tiếng Việt\"\nweight = 2\ntitle = \"Sổ vườn\"\n[vi.params]\ndescription = \"Ghi chép về khu vườn\"\n",
        "content/_index.md": "---\ntitle: Garden notes\n---\nWelcome.\n",
        "content/_index.vi.md": "---\ntitle: Sổ vườn\n---\nChào mừng.\n",
        "content/posts/_index.md": "---\ntitle: Posts\n---\n",
        "content/posts/_index.vi.md": "---\ntitle: Bài viết\ndescription: Mọi bài viết.\n---\nTất cả.\n",
        "content/posts/tomatoes.md": "---\ntitle: Tomatoes\ndate: 2024-03-02\n---\nRed ones.\n",
        "content/posts/tomatoes.vi.md": "---\ntitle: Cà chua\nslug: ca-chua\ndate: 2024-03-02\n---\nQuả đỏ.\n",
        "content/posts/basil.md": "---\ntitle: Basil\ndate: 2024-04-05\n---\nGreen.\n",
        "content/posts/shed/index.md": "---\ntitle: The shed\ndate: 2024-05-06\n---\n![The shed](shed.svg)\n",
        "content/posts/shed/index.vi.md": "---\ntitle: Nhà kho\ndate: 2024-05-06\n---\n![Nhà kho](shed.svg)\n",
        "content/posts/shed/shed.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        "content/posts/rain.md": "---\ntitle: Rain\ndate: 2024-06-07\ntranslationKey: weather\n---\nWet.\n",
        "content/posts/mua.vi.md": "---\ntitle: Mưa\ndate: 2024-06-07\ntranslationKey: weather\n---\nƯớt.\n",
        "content/about.md": "---\ntitle: About\n---\nUs.\n",
        "content/about.vi.md": "---\ntitle: Giới thiệu\n---\nChúng tôi.\n",
    ]

    /// The URL of every page of ``site`` as Hugo (0.111) built it: `:slug` is the title's when the page has no slug.
    static let hugoURLs = ["/2024/tomatoes/", "/vi/2024/ca-chua/", "/2024/basil/", "/2024/the-shed/", "/vi/2024/nhà-kho/",
                           "/2024/rain/", "/vi/2024/mưa/", "/about/", "/vi/about/", "/", "/vi/", "/posts/", "/vi/posts/"]

    @Test func everyPageKeepsItsURLAndTranslationsAreLinked() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: Self.site)
        let report = try await workspace.importSite(.hugo)
        #expect(workspace.files(under: "content") == [
            "_index.md", "_index.vi.md", "about.md", "about.vi.md", "posts/_index.md", "posts/_index.vi.md", "posts/basil.md",
            "posts/mua.vi.md", "posts/rain.md", "posts/shed/index.md", "posts/shed/index.vi.md", "posts/shed/shed.svg",
            "posts/tomatoes.md", "posts/tomatoes.vi.md",
        ])
        let settings = try workspace.read("content/_index.md")
        #expect(settings.contains("language: en\nlanguages:"))
        #expect(settings.contains("  - {code: en, name: \"English\", weight: 1}\n"))
        #expect(settings.contains("  - {code: vi, name: \"Tiếng Việt\", title: \"Sổ vườn\", description: \"Ghi chép về khu vườn\", weight: 2}\n"))
        #expect(try workspace.read("content/posts/_index.vi.md") == "---\ntitle: \"Bài viết\"\ndescription: \"Mọi bài viết.\"\n---\nTất cả.\n")
        // Linked by translationKey in the source: the same translation_key in the new site.
        #expect(try workspace.read("content/posts/rain.md").contains("translation_key: \"weather\"\n"))
        #expect(try workspace.read("content/posts/mua.vi.md").contains("translation_key: \"weather\"\n"))
        // Every URL kept, and confirmed in the new site as cellar check built it.
        #expect([report[.posts], report[.pages], report[.urlsKept], report[.urlsVerified], report[.urlsChanged]] as [Int] == [7, 2, 9, 9, 0])
        #expect((report.check?.diagnostics ?? []).filter { $0.severity != .note }.map(\.description) == [])
        try await workspace.build()
        for url in Self.hugoURLs {
            #expect(workspace.exists("public" + url + "index.html"), "\(url) is missing")
        }
        #expect(workspace.exists("public/vi/2024/nhà-kho/shed.svg"))
        // No translation is published as a raw Markdown file (36: "raw translation .md files copied to public/").
        #expect(workspace.files(under: "public").filter { $0.hasSuffix(".md") } == [])
        // hreflang: each translation names the other, and they point back.
        try Self.expectReciprocal(workspace, pairs: [("/2024/tomatoes/", "/vi/2024/ca-chua/"), ("/2024/the-shed/", "/vi/2024/nhà-kho/"),
                                                     ("/2024/rain/", "/vi/2024/mưa/"), ("/about/", "/vi/about/"),
                                                     ("/posts/", "/vi/posts/"), ("/", "/vi/")])
        #expect(try workspace.read("public/vi/posts/index.html").contains("Bài viết"))
        #expect(try workspace.read("public/2024/basil/index.html").contains("<a href=\"/vi/\" hreflang=\"vi\" lang=\"vi\" rel=\"nofollow\">"))
    }

    @Test func theDefaultLanguageInASubfolderStaysThere() async throws {
        var files = Self.site
        files["config/_default/hugo.toml"] = files["config/_default/hugo.toml"]?
            .replacingOccurrences(of: "[permalinks]", with: "defaultContentLanguageInSubdir = true\n[permalinks]")
        let workspace = try ImportWorkspace(fixture: nil, files: files)
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/_index.md").contains("default_language_in_subdir: true\n"))
        #expect(report[.urlsVerified] == 9 && report[.urlsChanged] == 0)
        try await workspace.build()
        for url in ["/en/2024/tomatoes/", "/en/about/", "/vi/2024/ca-chua/"] {
            #expect(workspace.exists("public" + url + "index.html"), "\(url) is missing")
        }
    }

    /// A disabled language's pages are left out and counted, never imported as the default's.
    @Test func aDisabledLanguageIsLeftOut() async throws {
        var files = Self.site
        files["config/_default/hugo.toml"] = files["config/_default/hugo.toml"]?
            .replacingOccurrences(of: "[permalinks]", with: "disableLanguages = [\"vi\"]\n[permalinks]")
        let workspace = try ImportWorkspace(fixture: nil, files: files)
        let report = try await workspace.importSite(.hugo)
        #expect(!workspace.files(under: "content").contains { $0.contains(".vi.") })
        #expect(!(try workspace.read("content/_index.md")).contains("languages:"))
        #expect(report[.urlsVerified] == 5)
    }

    // MARK: - The report claims only what it checked

    /// A URL said to be kept is looked up in the new site's build: one published elsewhere is
    /// counted as changed and named; when the site does not build, the report says nothing was confirmed.
    @Test func theReportConfirmsKeptURLsInTheBuiltSite() {
        func item(_ target: String, old: String) -> PlannedItem {
            let document = SourceDocument(role: .post, path: "content/" + target, display: "source/content/" + target, section: "posts",
                                          target: target, body: "", bodyFirstLine: 4, fileSlug: "a")
            var item = PlannedItem(document: document, fields: MappedFields(), target: target)
            item.oldURL = old
            item.newURL = old
            item.outcome = .kept
            return item
        }
        let items = [item("posts/a.md", old: "/posts/a/"), item("posts/b.md", old: "/posts/b/"), item("posts/c.md", old: "/posts/c/")]
        var report = ImportReport(dialect: .hugo, source: "/s", destination: "/d")
        report[.urlsKept] = 3
        SiteImporter.verifyURLs(items, built: ["posts/a.md": "/posts/a/", "posts/b.md": "/posts/b-2/"], report: &report)
        #expect([report[.urlsKept], report[.urlsVerified], report[.urlsChanged]] as [Int] == [1, 1, 2])
        #expect(report.problems.map(\.message) == [
            "/posts/b/ was planned, but the new site publishes content/posts/b.md at /posts/b-2/",
            "/posts/c/ was planned, but the new site's build has no page of content/posts/c.md",
        ])

        var unbuilt = ImportReport(dialect: .hugo, source: "/s", destination: "/d")
        unbuilt[.urlsKept] = 3
        SiteImporter.verifyURLs(items, built: nil, report: &unbuilt)
        #expect(unbuilt[.urlsVerified] == 0)
        #expect(unbuilt.problems.map(\.message) == ["the new site does not build, so none of the 3 URLs kept by the source's rules could be confirmed in it"])
    }

    /// The shape of the site in the issue: one content folder per language, read before as sections
    /// ("0 of 121 post URLs kept" while the report said every URL was).
    @Test func aContentFolderPerLanguageKeepsEveryPostURLAndTheReportSaysSoOnlyOnceBuilt() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.yaml": "baseURL: https://example.org/\ntitle: Docs\ncontentDir: content/en\ndefaultContentLanguage: en\n"
                + "languages:\n  en:\n    languageName: English\n  no:\n    languageName: Norsk\n    contentDir: content/no\n",
            "content/en/_index.md": "---\ntitle: Docs\n---\n",
            "content/en/guide/_index.md": "---\ntitle: Guide\n---\n",
            "content/en/guide/start.md": "---\ntitle: Start\n---\nBegin.\n",
            "content/no/_index.md": "---\ntitle: Dokumenter\n---\n",
            "content/no/guide/_index.md": "---\ntitle: Veiledning\n---\n",
            "content/no/guide/start.md": "---\ntitle: Start\n---\nBegynn.\n",
            "content/no/only/_index.md": "---\ntitle: Bare norsk\n---\n",
            "content/no/only/page.md": "---\ntitle: Side\n---\nTekst.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(!workspace.files(under: "content").contains { $0.hasPrefix("no/") || $0.hasPrefix("en/") })
        #expect([report[.posts], report[.urlsKept], report[.urlsVerified]] as [Int] == [3, 3, 3])
        try await workspace.build()
        for url in ["/guide/start/", "/no/guide/start/", "/no/only/page/", "/no/guide/", "/no/only/"] {
            #expect(workspace.exists("public" + url + "index.html"), "\(url) is missing")
        }
    }

    /// Each pair's pages name each other in `<link rel="alternate" hreflang>`, with an `x-default`.
    static func expectReciprocal(_ workspace: ImportWorkspace, pairs: [(String, String)],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for (english, vietnamese) in pairs {
            let en = alternates(try workspace.read("public" + english + "index.html"))
            let vi = alternates(try workspace.read("public" + vietnamese + "index.html"))
            #expect(en["vi"] == "https://example.org" + vietnamese && en["en"] == "https://example.org" + english,
                    "\(english): \(en)", sourceLocation: sourceLocation)
            #expect(vi == en, "\(vietnamese): \(vi)", sourceLocation: sourceLocation)
            #expect(en["x-default"] == "https://example.org" + english, sourceLocation: sourceLocation)
        }
    }

    static func alternates(_ html: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in html.split(separator: "\n") where line.hasPrefix("<link rel=\"alternate\" hreflang=\"") {
            let parts = line.split(separator: "\"")
            if parts.count >= 6 { found[String(parts[3])] = String(parts[5]).removingPercentEncoding ?? String(parts[5]) }
        }
        return found
    }
}
