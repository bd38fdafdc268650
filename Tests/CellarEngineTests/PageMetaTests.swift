@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// What a page says about itself in its head, with the default theme: title, description,
/// language, canonical link; and dates in the site's time zone.
@Suite struct PageMetaTests {
    private func site(settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Test site\ndescription: A site for tests.\nbase_url: https://example.org/\n\(settings)---\n",
            "content/blog/_index.md": "---\ntitle: Blog\nkind: article\ndescription: Posts.\n---\n",
            "content/blog/hello.md": "---\ntitle: Hello & welcome\ndate: 2024-07-13T23:30:00Z\nsummary: A greeting.\n---\nHi.\n",
        ], theme: .repository)
    }

    @Test func itemPagesCarryTitleDescriptionLanguageAndCanonicalLink() async throws {
        let site = try site(settings: "language: fr\n")
        try await site.build()
        let page = try site.page("blog/hello/index.html")
        #expect(page.contains("<html lang=\"fr\">"))
        #expect(page.contains("<title>Hello &amp; welcome · Test site</title>"))
        #expect(page.contains("<meta name=\"description\" content=\"A greeting.\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/blog/hello/\">"))
        #expect(page.contains("<meta property=\"og:type\" content=\"article\">"))
    }

    @Test func listPagesCarryTheirOwnMeta() async throws {
        let site = try site()
        try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"en\">"))
        #expect(home.contains("<title>Test site</title>"))
        #expect(home.contains("<meta name=\"description\" content=\"A site for tests.\">"))
        #expect(home.contains("<link rel=\"canonical\" href=\"https://example.org/\">"))
        let blog = try site.page("blog/index.html")
        #expect(blog.contains("<title>Blog · Test site</title>"))
        #expect(blog.contains("<meta name=\"description\" content=\"Posts.\">"))
        #expect(blog.contains("<link rel=\"canonical\" href=\"https://example.org/blog/\">"))
        let notFound = try site.page("404.html")
        #expect(notFound.contains("<meta name=\"robots\" content=\"noindex\">"))
    }

    @Test func onlyTheHomePageBorrowsTheSitesDescription() async throws {
        let site = try site()
        try site.write(["content/notes/_index.md": "---\ntitle: Notes\nkind: note\n---\n",
                        "content/notes/one.md": "---\ntitle: One\n---\n"])
        try await site.build()
        let notes = try site.page("notes/index.html")
        #expect(!notes.contains("<meta name=\"description\"") && !notes.contains("A site for tests."))
        #expect(try site.page("index.html").contains("<meta name=\"description\" content=\"A site for tests.\">"))
    }

    @Test func canonicalLinksUseTheBasePath() async throws {
        let site = try site()
        try await site.build(baseURL: "https://example.org/sub/path/")
        #expect(try site.page("blog/hello/index.html").contains("<link rel=\"canonical\" href=\"https://example.org/sub/path/blog/hello/\">"))
    }

    @Test(arguments: [
        ("", "<time datetime=\"2024-07-13T23:30:00Z\">July 13, 2024</time>"),
        ("timezone: Europe/Paris\n", "<time datetime=\"2024-07-14T01:30:00+02:00\">July 14, 2024</time>"),
        ("timezone: America/Los_Angeles\n", "<time datetime=\"2024-07-13T16:30:00-07:00\">July 13, 2024</time>"),
        ("timezone: Europe/Paris\nlanguage: fr\n", "<time datetime=\"2024-07-14T01:30:00+02:00\">14 juillet 2024</time>"),
    ])
    func datesArePrintedInTheSitesTimeZoneAndLanguage(_ settings: String, _ expected: String) async throws {
        let site = try site(settings: settings)
        try await site.build()
        #expect(try site.page("blog/hello/index.html").contains(expected))
    }

    @Test(arguments: [
        ("e", "'e' is not a BCP 47 language tag"), ("123", "'123' is not a BCP 47 language tag"),
        ("en-", "'en-' is not a BCP 47 language tag"), ("fr CA", "'fr CA' is not a BCP 47 language tag"),
        ("en_US", "'en_US' is not a language tag; did you mean 'en-US' (English)?"),
        ("jp", "unknown language 'jp'; did you mean 'ja' (Japanese)?"),
    ])
    func theLanguageMustBeALanguageTag(_ language: String, _ message: String) async throws {
        let site = try site(settings: "language: \(language)\n")
        #expect(await site.failures().map(site.relative) == ["content/_index.md:5:11: error: " + message])
    }
}
