@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// A site in several languages (`languages:`): `post.vi.md` is the Vietnamese of `post.md`; each
/// language but the default has its home, sections, tags, feeds and pagination under `/<code>/`;
/// pages and the sitemap name their alternates; the default theme's switcher leads to the same
/// page in the other language, else to that language's home.
@Suite struct MultilingualSiteTests {
    static let settings = """
        ---
        title: Notebook
        base_url: https://example.org/
        language: en
        paginate: 2
        languages:
          - {code: en, name: English}
          - {code: vi, name: Tiếng Việt, title: Sổ tay, description: Ghi chép}
        ---
        Welcome.
        """

    private func site(_ extra: [String: String] = [:], settings: String = settings) throws -> TemporarySite {
        let site = try TemporarySite(theme: .repository)
        try site.write([
            "content/_index.md": settings,
            "content/_index.vi.md": "---\n---\nChào mừng.\n",
            "content/posts/_index.md": "---\ntitle: Posts\nkind: article\n---\n",
            "content/posts/_index.vi.md": "---\ntitle: Bài viết\ndescription: Mọi bài viết.\n---\n",
            "content/posts/rain.md": "---\ntitle: Rain\ndate: 2029-05-01\ntags: [weather]\n---\nIt rained.\n",
            "content/posts/rain.vi.md": "---\ntitle: Mưa\ndate: 2029-05-01\ntags: [thời tiết]\n---\nTrời mưa.\n",
            "content/posts/sun.md": "---\ntitle: Sun\ndate: 2029-05-02\n---\nIt shone.\n",
            "content/posts/wind.md": "---\ntitle: Wind\ndate: 2029-05-03\n---\nIt blew.\n",
            "content/posts/moon.vi.md": "---\ntitle: Trăng\ndate: 2029-05-04\ntranslation_key: night\n---\nTrăng sáng.\n",
            "content/posts/night.md": "---\ntitle: Night\ndate: 2029-05-04\ntranslation_key: night\n---\nDark.\n",
            "content/about.md": "---\ntitle: About\n---\nAbout us.\n",
        ].merging(extra) { $1 })
        return site
    }

    @Test func eachLanguageHasItsOwnPagesUnderItsPrefix() async throws {
        let site = try site()
        try await site.build()
        // The default language at the root, Vietnamese under /vi/.
        let home = try site.page("index.html"), viHome = try site.page("vi/index.html")
        #expect(home.contains("<html lang=\"en\">"))
        #expect(viHome.contains("<html lang=\"vi\">"))
        #expect(viHome.contains("<title>Sổ tay</title>"))
        #expect(viHome.contains("Chào mừng."))
        #expect(!viHome.contains("Welcome."))
        // Each language's lists show only its items; the section's words are its translation's.
        let posts = try site.page("posts/index.html"), viPosts = try site.page("vi/posts/index.html")
        #expect(posts.contains("Wind") && posts.contains("Night") && !posts.contains("Mưa"))
        #expect(viPosts.contains("Bài viết") && viPosts.contains("Mưa") && viPosts.contains("Trăng") && !viPosts.contains(">Rain<"))
        // Pagination and feeds per language: four English posts at two a page, two Vietnamese ones.
        #expect(site.exists("public/posts/page/2/index.html"))
        #expect(!site.exists("public/vi/posts/page/2/index.html"))
        let feed = try site.page("vi/posts/feed.xml")
        #expect(feed.contains("<title>Trăng</title>") && !feed.contains("<title>Night</title>"))
        #expect(try site.page("vi/feed.xml").contains("<link href=\"https://example.org/vi/\""))
        // Tags per language, linked from the cells of that language's items.
        #expect(site.exists("public/vi/tags/thoi-tiet/index.html"))
        #expect(!site.exists("public/tags/thoi-tiet/index.html"))
        #expect(try site.page("vi/posts/rain/index.html").contains("href=\"/vi/tags/thoi-tiet/\""))
        #expect(try site.page("tags/index.html").contains("weather"))
        #expect(!(try site.page("tags/index.html")).contains("thời tiết"))
        // The theme's words are the page's language's; one 404 page.
        #expect(viPosts.contains("Chuyển đến nội dung"))
        #expect(!site.exists("public/vi/404.html"))
    }

    @Test func theSwitcherLeadsToTheTranslationElseTheLanguagesHome() async throws {
        let site = try site()
        try await site.build()
        let rain = try site.page("posts/rain/index.html")
        #expect(rain.contains("<a href=\"/vi/posts/rain/\" hreflang=\"vi\" lang=\"vi\">Tiếng Việt</a>"))
        #expect(rain.contains("<a href=\"/posts/rain/\" hreflang=\"en\" lang=\"en\" aria-current=\"page\">English</a>"))
        // Linked by translation_key, whatever the file names.
        #expect(try site.page("posts/night/index.html").contains("<a href=\"/vi/posts/moon/\" hreflang=\"vi\""))
        // No Vietnamese version: the Vietnamese home page.
        #expect(try site.page("posts/sun/index.html").contains("<a href=\"/vi/\" hreflang=\"vi\" lang=\"vi\" rel=\"nofollow\">Tiếng Việt</a>"))
        #expect(try site.page("vi/posts/index.html").contains("<a href=\"/posts/\" hreflang=\"en\""))
    }

    @Test func hreflangLinksAreReciprocalOnEveryPageAndInTheSitemap() async throws {
        let site = try site()
        try await site.build()
        try Self.expectReciprocalAlternates(site)
        let sitemap = try site.page("sitemap.xml")
        #expect(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(sitemap.contains("<url><loc>https://example.org/vi/posts/rain/</loc><lastmod>2029-05-01T00:00:00Z</lastmod>"
            + "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/posts/rain/\"/>"
            + "<xhtml:link rel=\"alternate\" hreflang=\"vi\" href=\"https://example.org/vi/posts/rain/\"/>"
            + "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/posts/rain/\"/></url>"))
    }

    @Test func theDefaultLanguageCanHaveItsPrefixToo() async throws {
        let site = try site(settings: Self.settings.replacingOccurrences(of: "paginate: 2", with: "paginate: 2\ndefault_language_in_subdir: true"))
        try await site.build()
        #expect(site.exists("public/en/posts/rain/index.html"))
        #expect(site.exists("public/vi/posts/rain/index.html"))
        #expect(!site.exists("public/posts/rain/index.html"))
        let root = try site.page("index.html")
        #expect(root.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://example.org/en/\">"))
        try Self.expectReciprocalAlternates(site)
    }

    @Test func aSiteInOneLanguageIsAsBefore() async throws {
        let site = try site(settings: "---\ntitle: Notebook\nbase_url: https://example.org/\n---\n")
        try site.remove("content/_index.vi.md")
        try site.remove("content/posts/_index.vi.md")
        try await site.build()
        // Without languages:, `rain.vi.md` is an item like any other, at its own address.
        #expect(site.exists("public/posts/rain-vi/index.html"))
        #expect(!(try site.page("posts/rain/index.html")).contains("hreflang"))
        #expect(!(try site.page("sitemap.xml")).contains("xhtml"))
    }

    @Test func mistakesInTheLanguagesAreLocated() async throws {
        let wrong = """
            ---
            title: Notebook
            language: fr
            languages:
              - {code: en, name: English}
              - {code: vi, nmae: Tiếng Việt}
              - en
              - {name: Nameless}
            ---
            """
        let site = try site(settings: wrong)
        let problems = await site.failures().map(site.relative)
        #expect(problems.contains("content/_index.md:3:11: error: the site's language 'fr' is not among its languages (en, vi)"))
        #expect(problems.contains("content/_index.md:6:16: error: unknown key 'nmae' in a language; did you mean 'name'?"))
        #expect(problems.contains("content/_index.md:7:5: error: the language 'en' is listed twice"))
        #expect(problems.contains("content/_index.md:8:5: error: a language needs its code"))
    }

    @Test func aSectionCannotTakeALanguagesAddress() async throws {
        let site = try site(["content/vi/_index.md": "---\ntitle: Việt\n---\n", "content/vi/pho.md": "---\ntitle: Phở\n---\nNgon.\n"])
        let problems = await site.failures().map(site.relative)
        #expect(problems == ["content/vi/_index.md:1:1: error: the section vi/ has the address /vi/, where the Tiếng Việt pages of the site are"])
    }

    /// `index.vi.md` beside a bundle's `index.md` is its translation: at `/vi/…/` with the bundle's
    /// name, the bundle's files beside it, its photos drawn from the same processed variants.
    @Test func aBundlesTranslationIsAnItemWithTheBundlesFiles() async throws {
        let site = try site([
            "content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2029-05-06\n---\n![The map](map.svg)\n\n![The view](view.jpg)\n",
            "content/posts/trip/index.vi.md": "---\ntitle: Chuyến đi\ndate: 2029-05-06\n---\n![Bản đồ](map.svg)\n\n![Quang cảnh](view.jpg)\n",
            "content/posts/trip/map.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        try site.write(try PhotoProcessingTests.photo("plain.jpg"), to: "content/posts/trip/view.jpg")
        try await site.build()
        let english = try site.page("posts/trip/index.html"), vietnamese = try site.page("vi/posts/trip/index.html")
        #expect(vietnamese.contains("<html lang=\"vi\">") && vietnamese.contains("Chuyến đi"))
        #expect(vietnamese.contains("<img src=\"/vi/posts/trip/map.svg\" alt=\"Bản đồ\""))
        #expect(site.exists("public/vi/posts/trip/map.svg") && site.exists("public/posts/trip/map.svg"))
        #expect(!site.exists("public/posts/trip/index.vi.md") && !site.exists("public/vi/posts/trip/index.vi.md"))
        // One photo, processed once: both pages draw the same variants.
        #expect(vietnamese.contains("<picture>") && english.contains("<picture>"))
        #expect(vietnamese.contains("/posts/trip/view-") && !vietnamese.contains("src=\"/vi/posts/trip/view.jpg\""))
        #expect(Self.alternates(in: english) == Self.alternates(in: vietnamese))
        #expect(Self.alternates(in: vietnamese)["vi"] == "https://example.org/vi/posts/trip/")
        try Self.expectReciprocalAlternates(site)
    }

    /// As Hugo, a language lists a section it has words for (`_index.vi.md`), even with no item in it yet.
    @Test func aLanguageListsEverySectionItHasWordsFor() async throws {
        let site = try site([
            "content/notes/_index.md": "---\ntitle: Notes\nkind: article\n---\n",
            "content/notes/_index.vi.md": "---\ntitle: Ghi chú\n---\nSắp có.\n",
            "content/notes/one.md": "---\ntitle: One\ndate: 2029-05-01\n---\nOne.\n",
            "content/links/_index.md": "---\ntitle: Links\nkind: article\n---\n",
        ])
        try await site.build()
        #expect(try site.page("vi/notes/index.html").contains("Ghi chú"))
        #expect(!site.exists("public/vi/links/index.html"))
    }

    /// A page at `/search/`, where the theme draws the search page, is a located collision.
    @Test func aPageCannotTakeTheSearchPagesAddress() async throws {
        let site = try site(["content/search.md": "---\ntitle: Search\n---\nFind.\n"])
        let problems = await site.failures().map(site.relative)
        #expect(problems == ["content/search.md:1:1: error: the URL /search/ is also the URL of the search page"])
    }

    /// The repository's example site: its postcards in English and Vietnamese.
    @Test func theExampleSitesPostcardsAreBilingualAndTheirLinksReciprocal() async throws {
        let site = try TemporarySite(theme: .repository)
        try FileManager.default.copyItem(atPath: TemporarySite.repository + "/content", toPath: site.root + "/content")
        try await site.build()
        try Self.expectReciprocalAlternates(site)
        let english = try site.page("postcards/ca-phe-trung/index.html")
        let vietnamese = try site.page("vi/postcards/ca-phe-trung/index.html")
        #expect(english.contains("<a href=\"/vi/postcards/ca-phe-trung/\" hreflang=\"vi\" lang=\"vi\">Tiếng Việt</a>"))
        #expect(vietnamese.contains("<a href=\"/postcards/ca-phe-trung/\" hreflang=\"en\" lang=\"en\">English</a>"))
        #expect(vietnamese.contains("<html lang=\"vi\">"))
        #expect(Self.alternates(in: english) == Self.alternates(in: vietnamese))
        #expect(try site.page("vi/postcards/index.html").contains("<h1>Bưu thiếp</h1>"))
    }

    /// Every page's `hreflang` alternates point to pages that list it back, with one `x-default`.
    static func expectReciprocalAlternates(_ site: TemporarySite, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let output = site.root + "/public"
        var alternates: [String: [String: String]] = [:]   // page URL → hreflang → URL
        let base = "https://example.org/"
        for path in FileManager.default.subpaths(atPath: output) ?? [] where path.hasSuffix("index.html") {
            let html = try String(contentsOfFile: output + "/" + path, encoding: .utf8)
            guard html.contains("<link rel=\"canonical\"") else { continue }   // a redirect
            let url = base + String(path.dropLast("index.html".count))
            alternates[url] = Self.alternates(in: html)
        }
        var checked = 0
        for (url, links) in alternates where !links.isEmpty {
            #expect(links["x-default"] != nil, "\(url) has no x-default", sourceLocation: sourceLocation)
            #expect(links.values.contains(url), "\(url) does not list itself", sourceLocation: sourceLocation)
            for (language, target) in links where language != "x-default" {
                let back = alternates[target]
                #expect(back != nil, "\(url) names \(target), which is no page", sourceLocation: sourceLocation)
                #expect(back.map { Set($0.values).contains(url) } ?? false, "\(target) does not point back to \(url)",
                        sourceLocation: sourceLocation)
                checked += 1
            }
        }
        #expect(checked > 0, sourceLocation: sourceLocation)
    }

    /// `<link rel="alternate" hreflang="vi" href="…">` of a page, by hreflang.
    static func alternates(in html: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in html.split(separator: "\n") where line.hasPrefix("<link rel=\"alternate\" hreflang=\"") {
            let parts = line.split(separator: "\"")
            if parts.count >= 6 { found[String(parts[3])] = String(parts[5]) }
        }
        return found
    }
}
