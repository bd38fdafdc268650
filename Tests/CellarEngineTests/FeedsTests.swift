@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Atom, RSS 2.0 and JSON Feed for the site and each section: absolute URLs from `base_url`,
/// content links made absolute, RFC 3339 and RFC 822 dates, limited to `feed_items`.
@Suite struct FeedsTests {
    private func site(settings: String = "", _ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
            "content/images/still.png": "png",
            "content/notes/first.md": """
                ---
                title: First
                date: 2024-07-13
                tags: [film, notes]
                ---
                See [reviews](/reviews/), [the other](other.md) and ![a still](/images/still.png).

                """,
            "content/notes/other.md": "---\ntitle: Other\ndate: 2024-07-01T18:30:00Z\n---\nOlder.\n",
            "content/notes/undated.md": "---\ntitle: Undated\n---\nNo date, no feed.\n",
            "content/reviews/dune.md": "---\ntitle: Dune\ndate: 2024-07-10\nrating: 9\n---\nSand.\n",
        ].merging(files) { $1 })
    }

    /// The entries of a JSON feed.
    private func jsonItems(_ site: TemporarySite, _ path: String = "feed.json",
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let text = try site.page(path, sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return try #require(object?["items"] as? [[String: Any]], sourceLocation: sourceLocation)
    }

    private func isWellFormedXML(_ text: String) -> Bool {
        #if canImport(FoundationXML) || canImport(Darwin)
        return XMLParser(data: Data(text.utf8)).parse()
        #else
        return true
        #endif
    }

    @Test func theSiteHasAnAtomFeedWithAbsoluteURLsAndRFC3339Dates() async throws {
        let site = try site()
        try await site.build()
        let atom = try site.page("feed.xml")
        #expect(isWellFormedXML(atom))
        #expect(atom.hasPrefix("""
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
            <title>Test site</title>
            <link href="https://example.org/" rel="alternate" type="text/html"/>
            <link href="https://example.org/feed.xml" rel="self" type="application/atom+xml"/>
            <id>https://example.org/</id>
            <updated>2024-07-13T00:00:00Z</updated>
            """))
        #expect(atom.contains("""
            <entry>
            <title>First</title>
            <link href="https://example.org/notes/first/" rel="alternate" type="text/html"/>
            <id>https://example.org/notes/first/</id>
            <published>2024-07-13T00:00:00Z</published>
            <updated>2024-07-13T00:00:00Z</updated>
            """))
        #expect(atom.contains("<category term=\"film\"/>\n<category term=\"notes\"/>"))
        #expect(HTML.slices(of: atom, between: "<entry>\n<title>", and: "</title>") == ["First", "Dune", "Other"])
    }

    @Test func theSiteHasAnRSSFeedWithRFC822Dates() async throws {
        let site = try site()
        try await site.build()
        let rss = try site.page("rss.xml")
        #expect(isWellFormedXML(rss))
        #expect(rss.contains("<link>https://example.org/</link>"))
        #expect(rss.contains("<atom:link href=\"https://example.org/rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>"))
        #expect(rss.contains("<lastBuildDate>Sat, 13 Jul 2024 00:00:00 +0000</lastBuildDate>"))
        #expect(rss.contains("""
            <item>
            <title>Other</title>
            <link>https://example.org/notes/other/</link>
            <guid isPermaLink="true">https://example.org/notes/other/</guid>
            <pubDate>Mon, 01 Jul 2024 18:30:00 +0000</pubDate>
            """))
    }

    @Test func feedAliasesKeepAnOldSitesFeedAddresses() async throws {
        let site = try site(settings: "feed_aliases: [/atom.xml, /blog/rss2.xml, /feed/index.json]\n")
        try await site.build()
        #expect(try site.page("atom.xml") == (try site.page("feed.xml")))
        #expect(try site.page("blog/rss2.xml") == (try site.page("rss.xml")))
        #expect(try site.page("feed/index.json") == (try site.page("feed.json")))
        let folder = await (try self.site(settings: "feed_aliases: [blog/]\n")).diagnostics()
        #expect(folder.contains { $0.contains("error: feed alias 'blog/' must be the address of a file from the site's root, such as /atom.xml") })
        let clash = await (try self.site(settings: "feed_aliases: [/sitemap.xml]\n")).diagnostics()
        #expect(clash == ["content/_index.md:4:15: error: the URL /sitemap.xml is also the URL of a file Cellar writes\n  hint: choose another address in feed_aliases"])
    }

    @Test func theSiteHasAJSONFeed() async throws {
        let site = try site()
        try await site.build()
        let text = try site.page("feed.json")
        let feed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["home_page_url"] as? String == "https://example.org/")
        #expect(feed["feed_url"] as? String == "https://example.org/feed.json")
        let items = try jsonItems(site)
        #expect(items.map { $0["url"] as? String } == ["https://example.org/notes/first/", "https://example.org/reviews/dune/",
                                                        "https://example.org/notes/other/"])
        #expect(items.first?["date_published"] as? String == "2024-07-13T00:00:00Z")
        #expect(items.first?["tags"] as? [String] == ["film", "notes"])
    }

    @Test func undatedItemsAreNotInFeeds() async throws {
        let site = try site()
        try await site.build()
        #expect(site.outputFiles(containing: "Undated").filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") } == [])
    }

    @Test func relativeLinksInContentBecomeAbsolute() async throws {
        let site = try site()
        try await site.build()
        let content = try #require(try jsonItems(site).first?["content_html"] as? String)
        #expect(content == "<p>See <a href=\"https://example.org/reviews/\">reviews</a>, "
            + "<a href=\"https://example.org/notes/other/\">the other</a> and "
            + "<img src=\"https://example.org/images/still.png\" alt=\"a still\" />.</p>\n")
        // The item's own page keeps root-relative links.
        #expect(try site.page("notes/first/index.html").contains("<a href=\"/notes/other/\">the other</a>"))
    }

    @Test func linksRelativeToThePageBecomeAbsoluteToo() async throws {
        let site = try site(["content/notes/first.md": "---\ntitle: First\ndate: 2024-07-13\n---\nSee [below](#details).\n\n## Details\n"])
        try await site.build()
        let content = try #require(try jsonItems(site).first?["content_html"] as? String)
        // A feed reader resolves links against the feed, not the page: "#details" must carry the page's URL.
        #expect(content.contains("<a href=\"https://example.org/notes/first/#details\">below</a>"), "\(content)")
    }

    @Test func underABasePathEveryFeedURLHasIt() async throws {
        let site = try site()
        try await site.build(baseURL: "https://example.org/sub/path/")
        let items = try jsonItems(site)
        #expect(items.first?["url"] as? String == "https://example.org/sub/path/notes/first/")
        let content = try #require(items.first?["content_html"] as? String)
        #expect(content.contains("<a href=\"https://example.org/sub/path/reviews/\">reviews</a>"))
        #expect(content.contains("<a href=\"https://example.org/sub/path/notes/other/\">the other</a>"))
        #expect(content.contains("<img src=\"https://example.org/sub/path/images/still.png\""))
        #expect(try site.page("feed.xml").contains("<link href=\"https://example.org/sub/path/feed.xml\" rel=\"self\""))
        #expect(try site.page("notes/rss.xml").contains("<link>https://example.org/sub/path/notes/</link>"))
    }

    @Test func eachSectionHasItsOwnFeeds() async throws {
        let site = try site()
        try await site.build()
        let atom = try site.page("notes/feed.xml")
        #expect(atom.contains("<title>Test site — Notes</title>"))
        #expect(atom.contains("<link href=\"https://example.org/notes/feed.xml\" rel=\"self\" type=\"application/atom+xml\"/>"))
        #expect(HTML.slices(of: atom, between: "<entry>\n<title>", and: "</title>") == ["First", "Other"])
        #expect(HTML.slices(of: try site.page("reviews/rss.xml"), between: "<item>\n<title>", and: "</title>") == ["Dune"])
        #expect(try jsonItems(site, "reviews/feed.json").count == 1)
    }

    @Test func aSectionCanGoWithoutFeeds() async throws {
        let site = try site(["content/reviews/_index.md": Fixture.section("Reviews", kind: "review", extra: "feed: false\n")])
        try await site.build()
        #expect(site.output("reviews/feed.xml") == nil)
        #expect(site.output("reviews/rss.xml") == nil)
        #expect(site.output("reviews/feed.json") == nil)
        #expect(try !site.page("reviews/index.html").contains("/reviews/feed.xml"))
        #expect(try site.page("feed.xml").contains("<title>Dune</title>"))
    }

    @Test func feedItemsLimitsEveryFeed() async throws {
        let site = try site(settings: "feed_items: 2\n")
        try await site.build()
        #expect(HTML.slices(of: try site.page("feed.xml"), between: "<entry>\n<title>", and: "</title>") == ["First", "Dune"])
        #expect(HTML.slices(of: try site.page("rss.xml"), between: "<item>\n<title>", and: "</title>") == ["First", "Dune"])
        #expect(try jsonItems(site).count == 2)
        #expect(try jsonItems(site, "notes/feed.json").count == 2)
    }

    @Test func pagesPointToTheirFeeds() async throws {
        let site = try site()
        try await site.build()
        let siteFeeds = "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/feed.xml\">"
            + "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/rss.xml\">"
            + "<link rel=\"alternate\" type=\"application/feed+json\" href=\"/feed.json\">"
        #expect(try site.page("index.html").contains("</title>" + siteFeeds + "</head>"))
        #expect(try site.page("notes/index.html").contains(
            "</title><link rel=\"alternate\" type=\"application/atom+xml\" href=\"/notes/feed.xml\">"
            + "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/notes/rss.xml\">"
            + "<link rel=\"alternate\" type=\"application/feed+json\" href=\"/notes/feed.json\">" + siteFeeds + "</head>"))
        #expect(try site.page("notes/first/index.html").contains("href=\"/notes/feed.xml\">"))
        #expect(try site.page("tags/film/index.html").contains("</title>" + siteFeeds + "</head>"))
    }

    @Test func aKindWithoutPagesLinksToItsTarget() async throws {
        let site = try site([
            "content/links/_index.md": Fixture.section("Links", kind: "link"),
            "content/links/spec.md": "---\ntitle: The spec\ndate: 2024-07-20\nlink: https://spec.commonmark.org/\n---\nWorth reading.\n",
            "content/links/local.md": "---\ntitle: Local\ndate: 2024-07-19\nlink: /notes/first/\n---\n",
        ])
        try await site.build()
        let items = try jsonItems(site, "links/feed.json")
        #expect(items.map { $0["url"] as? String } == ["https://spec.commonmark.org/", "https://example.org/notes/first/"])
        #expect(items.map { $0["id"] as? String } == ["https://example.org/links/#item-links-spec", "https://example.org/links/#item-links-local"])
        let atom = try site.page("links/feed.xml")
        #expect(atom.contains("<link href=\"https://spec.commonmark.org/\" rel=\"alternate\" type=\"text/html\"/>\n<id>https://example.org/links/#item-links-spec</id>"))
        #expect(try site.page("links/rss.xml").contains(
            "<link>https://spec.commonmark.org/</link>\n<guid isPermaLink=\"false\">https://example.org/links/#item-links-spec</guid>"))
    }

    @Test func datesAreWrittenInTheSitesTimeZone() async throws {
        let site = try site(settings: "timezone: America/New_York\n")
        try await site.build()
        #expect(try site.page("feed.xml").contains("<published>2024-07-13T00:00:00-04:00</published>"))
        #expect(try site.page("rss.xml").contains("<pubDate>Sat, 13 Jul 2024 00:00:00 -0400</pubDate>"))
        #expect(try site.page("rss.xml").contains("<pubDate>Mon, 01 Jul 2024 14:30:00 -0400</pubDate>"))
        #expect(try jsonItems(site).first?["date_published"] as? String == "2024-07-13T00:00:00-04:00")
    }

    @Test func titlesAreEscaped() async throws {
        let site = try site(["content/notes/first.md": "---\ntitle: Tom & Jerry <3\ndate: 2024-07-13\n---\n"])
        try await site.build()
        let atom = try site.page("feed.xml")
        #expect(isWellFormedXML(atom))
        #expect(atom.contains("<title>Tom &amp; Jerry &lt;3</title>"))
        #expect(try jsonItems(site).first?["title"] as? String == "Tom & Jerry <3")
    }
}
