@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The files around the pages: sitemap.xml with lastmod, robots.txt pointing to it.
@Suite struct SiteFilesTests {
    private func site(settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: "paginate: 2\n"),
            "content/notes/first.md": "---\ntitle: First\ndate: 2024-07-13\ntags: [film]\n---\n",
            "content/notes/edited.md": "---\ntitle: Edited\ndate: 2024-01-01\nupdated: 2024-08-01T12:00:00Z\n---\n",
            "content/notes/undated.md": "---\ntitle: Undated\n---\n",
            "content/notes/spec.md": "---\ntitle: Spec\nkind: link\nlink: https://spec.commonmark.org/\ndate: 2024-02-01\n---\n",
        ])
    }

    @Test func theSitemapListsEveryPageWithItsLastChange() async throws {
        let site = try site()
        try await site.build()
        let sitemap = try site.page("sitemap.xml")
        #expect(sitemap.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"))
        #expect(sitemap.hasSuffix("</urlset>\n"))
        let lines = Set(sitemap.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<url>") })
        #expect(lines == [
            "<url><loc>https://example.org/</loc><lastmod>2024-07-13T00:00:00Z</lastmod></url>",
            "<url><loc>https://example.org/notes/</loc><lastmod>2024-07-13T00:00:00Z</lastmod></url>",
            "<url><loc>https://example.org/notes/page/2/</loc><lastmod>2024-01-01T00:00:00Z</lastmod></url>",
            "<url><loc>https://example.org/notes/first/</loc><lastmod>2024-07-13T00:00:00Z</lastmod></url>",
            "<url><loc>https://example.org/notes/edited/</loc><lastmod>2024-08-01T12:00:00Z</lastmod></url>",
            "<url><loc>https://example.org/notes/undated/</loc></url>",
            "<url><loc>https://example.org/tags/</loc></url>",
            "<url><loc>https://example.org/tags/film/</loc><lastmod>2024-07-13T00:00:00Z</lastmod></url>",
        ])
    }

    @Test func sitemapDatesAreInTheSitesTimeZone() async throws {
        let site = try site(settings: "timezone: Asia/Kolkata\n")
        try await site.build()
        #expect(try site.page("sitemap.xml").contains(
            "<url><loc>https://example.org/notes/edited/</loc><lastmod>2024-08-01T17:30:00+05:30</lastmod></url>"))
    }

    @Test func robotsPointsToTheSitemap() async throws {
        let site = try site()
        try await site.build()
        #expect(try site.page("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n")
    }

    @Test func aRobotsTxtOfTheSitesOwnReplacesTheGeneratedOne() async throws {
        let site = try site()
        try site.write(["content/robots.txt": "User-agent: *\nDisallow: /notes/\n"])
        #expect(await site.diagnostics() == [])
        #expect(try site.page("robots.txt") == "User-agent: *\nDisallow: /notes/\n")
    }

    @Test func underABasePathBothUseIt() async throws {
        let site = try site()
        try await site.build(baseURL: "https://example.org/sub/path/")
        #expect(try site.page("robots.txt").hasSuffix("Sitemap: https://example.org/sub/path/sitemap.xml\n"))
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/sub/path/notes/first/</loc>"))
        #expect(try !site.page("sitemap.xml").contains("<loc>https://example.org/notes/"))
    }
}
