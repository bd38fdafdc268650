@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Where items live: a slug from `slug:` or the file name, a section's `permalink:` pattern, and
/// `aliases:` that redirect. Two things on one URL are an error naming both.
@Suite struct PermalinksTests {
    private func site(section: String = "", _ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: section),
        ].merging(files) { $1 })
    }

    @Test(arguments: [
        ("content/notes/hello.md", "---\ntitle: Hi\n---\n", "notes/hello/index.html"),
        ("content/notes/Hello World.md", "---\ntitle: Hi\n---\n", "notes/hello-world/index.html"),
        ("content/notes/Crème Brûlée.md", "---\ntitle: Hi\n---\n", "notes/creme-brulee/index.html"),
        ("content/notes/hello.md", "---\ntitle: Hi\nslug: greetings\n---\n", "notes/greetings/index.html"),
        ("content/notes/hello.md", "---\ntitle: Hi\nslug: Grüße\n---\n", "notes/Grüße/index.html"),
        ("content/notes/2024/hello.md", "---\ntitle: Hi\n---\n", "notes/2024/hello/index.html"),
        ("content/notes/hello/index.md", "---\ntitle: Hi\n---\n", "notes/hello/index.html"),
        ("content/about.md", "---\ntitle: About\nkind: note\n---\n", "about/index.html"),
    ])
    func theSlugComesFromSlugOrTheFileName(_ file: String, _ text: String, _ output: String) async throws {
        let site = try site([file: text])
        let problems = await site.diagnostics()
        #expect(problems.isEmpty, "\(problems)")
        #expect(site.output(output)?.contains("<h1>") == true)
    }

    @Test func aSectionPermalinkPatternPlacesItsItems() async throws {
        let site = try site(section: "permalink: /:year/:month/:slug/\n", [
            "content/notes/first.md": "---\ntitle: First\ndate: 2024-07-13\n---\n",
            "content/notes/second.md": "---\ntitle: Second post\ndate: 2023-01-02T10:00:00Z\nslug: two\n---\n",
        ])
        try await site.build()
        #expect(site.output("2024/07/first/index.html")?.contains("<h1>First</h1>") == true)
        #expect(site.output("2023/01/two/index.html") != nil)
        #expect(site.output("notes/first/index.html") == nil)
        #expect(try site.page("notes/index.html").contains("<a rel=\"next\"") == false)
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/2024/07/first/</loc>"))
    }

    @Test(arguments: [
        ("/:section/:day/:title/", "notes/13/second-post/index.html"),
        ("/archive/:kind/:slug/", "archive/note/first/index.html"),
        ("/:year/:slug", "2024/first/index.html"),
    ])
    func everyPlaceholderExpands(_ pattern: String, _ output: String) async throws {
        let site = try site(section: "permalink: \(pattern)\n", [
            "content/notes/first.md": "---\ntitle: Second Post\ndate: 2024-07-13\n---\n",
        ])
        let problems = await site.diagnostics()
        #expect(problems.isEmpty, "\(problems)")
        #expect(site.output(output) != nil, "no \(output) in \(site.snapshot().keys.sorted())")
    }

    @Test func permalinkDatesAreInTheSitesTimeZone() async throws {
        let site = try site(section: "permalink: /:year/:month/:day/:slug/\n", [
            "content/_index.md": Fixture.site("timezone: Asia/Tokyo\n"),
            "content/notes/late.md": "---\ntitle: Late\ndate: 2024-07-31T20:00:00Z\n---\n",
        ])
        try await site.build()
        #expect(site.output("2024/08/01/late/index.html") != nil)
    }

    @Test func aDatedPatternNeedsADate() async throws {
        let site = try site(section: "permalink: /:year/:slug/\n", ["content/notes/undated.md": "---\ntitle: Undated\n---\n"])
        await site.expectFailure([
            "content/notes/undated.md:1:1: error: the permalink '/:year/:slug/' of content/notes/_index.md needs a date, and this item has none\n  hint: add a 'date:' to the front matter",
        ])
    }

    @Test(arguments: [
        ("/:yeer/:slug/", "content/notes/_index.md:4:12: error: unknown permalink placeholder ':yeer' in '/:yeer/:slug/'; did you mean ':year'?\n  hint: placeholders: :year, :month, :day, :slug, :title, :section, :kind"),
        ("/../:slug/", "content/notes/_index.md:4:12: error: permalink '/../:slug/' may not contain '..'"),
        ("/", "content/notes/_index.md:4:12: error: permalink '/' is empty\n  hint: for example: /:year/:month/:slug/"),
    ])
    func aBrokenPatternIsAnErrorInTheSectionFile(_ pattern: String, _ expected: String) async throws {
        let site = try site(section: "permalink: \(pattern)\n", ["content/notes/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"])
        await site.expectFailure([expected])
    }

    // MARK: - Aliases

    @Test func aliasesWriteRedirectPages() async throws {
        let site = try site(["content/notes/first.md": "---\ntitle: First\naliases: [/old/path/, /legacy.html, old/no-slash]\n---\n"])
        try await site.build()
        let redirect = try site.page("old/path/index.html")
        #expect(redirect.contains("<link rel=\"canonical\" href=\"https://example.org/notes/first/\">"))
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://example.org/notes/first/\">"))
        #expect(redirect.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(redirect.contains("<a href=\"https://example.org/notes/first/\">"))
        #expect(try site.page("legacy.html").contains("url=https://example.org/notes/first/"))
        #expect(try site.page("old/no-slash/index.html").contains("url=https://example.org/notes/first/"))
        #expect(try !site.page("sitemap.xml").contains("old/path"))
    }

    @Test func anAliasOfAnItemWithoutAPageRedirectsToItsCell() async throws {
        let site = try site(["content/notes/spec.md": "---\ntitle: Spec\nkind: link\nlink: https://spec.commonmark.org/\naliases: [/spec/]\n---\n"])
        try await site.build()
        #expect(try site.page("spec/index.html").contains("url=https://example.org/notes/#item-notes-spec"))
    }

    @Test func aliasesHonourABasePath() async throws {
        let site = try site(["content/notes/first.md": "---\ntitle: First\naliases: [/old/]\n---\n"])
        try await site.build(baseURL: "https://example.org/sub/path/")
        #expect(try site.page("old/index.html").contains("url=https://example.org/sub/path/notes/first/"))
    }

    // MARK: - Collisions and invalid slugs

    @Test func twoItemsOnOneURLAreAnErrorNamingBoth() async throws {
        let site = try site([
            "content/notes/a.md": "---\ntitle: A\nslug: same\n---\n",
            "content/notes/b.md": "---\ntitle: B\nslug: same\n---\n",
        ])
        await site.expectFailure([
            "content/notes/b.md:3:7: error: the URL /notes/same/ is also the URL of content/notes/a.md\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func aFileAndABundleOfTheSameNameCollide() async throws {
        let site = try site([
            "content/notes/dune.md": "---\ntitle: A\n---\n",
            "content/notes/dune/index.md": "---\ntitle: B\n---\n",
        ])
        await site.expectFailure([
            "content/notes/dune/index.md:1:1: error: the URL /notes/dune/ is also the URL of content/notes/dune.md\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func anAliasOnAnItemsURLIsAnErrorNamingBoth() async throws {
        let site = try site([
            "content/notes/first.md": "---\ntitle: First\naliases: [/notes/second/]\n---\n",
            "content/notes/second.md": "---\ntitle: Second\n---\n",
        ])
        await site.expectFailure([
            "content/notes/first.md:3:11: error: the alias /notes/second/ is also the URL of content/notes/second.md\n  hint: remove the alias, or the item that already lives there",
        ])
    }

    @Test func twoItemsWithTheSameAliasAreAnError() async throws {
        let site = try site([
            "content/notes/a.md": "---\ntitle: A\naliases:\n  - /old/\n---\n",
            "content/notes/b.md": "---\ntitle: B\naliases: /old/\n---\n",
        ])
        await site.expectFailure([
            "content/notes/b.md:3:10: error: the alias /old/ is also the URL of content/notes/a.md\n  hint: remove the alias, or the item that already lives there",
        ])
    }

    @Test func anAliasOnASectionOrAGeneratedFileIsAnError() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: [/notes/, /feed.xml]\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:11: error: the alias /notes/ is also the URL of content/notes/_index.md\n  hint: remove the alias, or the item that already lives there",
            "content/notes/a.md:3:20: error: the alias /feed.xml is also the URL of the site's Atom feed\n  hint: remove the alias, or the item that already lives there",
        ])
    }

    // Pages and files Cellar generates beyond the home page and the site feeds are not claimed, so
    // content that lands on them silently replaces them.

    /// Expects the build to fail with one error at `file` whose headline starts with `prefix`.
    private func expectCollision(_ site: TemporarySite, _ prefix: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let problems = await site.diagnostics()
        #expect(problems.count == 1 && problems.first?.hasPrefix(prefix) == true, "\(problems)", sourceLocation: sourceLocation)
    }

    private func paginated(_ files: [String: String]) throws -> TemporarySite {
        try site(section: "paginate: 1\n", [
            "content/notes/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [swift]\n---\n",
            "content/notes/b.md": "---\ntitle: B\ndate: 2024-01-02\n---\n",
        ].merging(files) { $1 })
    }

    @Test func anItemOnAPaginationPageIsAnError() async throws {
        let site = try paginated(["content/notes/page/2.md": "---\ntitle: Sneaky\n---\n"])
        await expectCollision(site, "content/notes/page/2.md:1:1: error: the URL /notes/page/2/ is also the URL of ")
    }

    @Test func anAliasOnAPaginationPageIsAnError() async throws {
        let site = try paginated(["content/notes/b.md": "---\ntitle: B\ndate: 2024-01-02\naliases: [/notes/page/2/]\n---\n"])
        await expectCollision(site, "content/notes/b.md:4:11: error: the alias /notes/page/2/ is also the URL of ")
    }

    @Test func anAliasOnATagPageIsAnError() async throws {
        let site = try paginated(["content/notes/b.md": "---\ntitle: B\ndate: 2024-01-02\naliases: [/tags/swift/]\n---\n"])
        await expectCollision(site, "content/notes/b.md:4:11: error: the alias /tags/swift/ ")
    }

    @Test func anAliasOnASectionFeedIsAnError() async throws {
        let site = try paginated(["content/notes/b.md": "---\ntitle: B\ndate: 2024-01-02\naliases: [/notes/feed.xml]\n---\n"])
        await expectCollision(site, "content/notes/b.md:4:11: error: the alias /notes/feed.xml is also the URL of ")
    }

    @Test func aStaticFileOnASectionFeedIsAnError() async throws {
        let site = try paginated(["content/notes/feed.xml": "<mine/>"])
        await expectCollision(site, "content/notes/feed.xml:1:1: error: the URL /notes/feed.xml is also the URL of ")
    }

    @Test func aSlugThatNamesASectionFeedIsAnErrorAtTheItem() async throws {
        let site = try paginated(["content/notes/b.md": "---\ntitle: B\ndate: 2024-01-02\nslug: feed.xml\n---\n"])
        await expectCollision(site, "content/notes/b.md:")
    }

    @Test func aStaticFileOnASectionPageIsAnErrorAtTheFile() async throws {
        let site = try paginated(["content/notes/index.html": "<mine/>"])
        let problems = await site.diagnostics()
        #expect(problems.count == 1 && problems.first?.contains("the URL /notes/index.html is also the URL of content/notes/_index.md") == true,
                "\(problems)")
        #expect(problems.first?.hasPrefix("content/notes/index.html:1:1: error: ") == true, "\(problems)")
    }

    @Test(arguments: ["https://elsewhere.example/", "/a/../../b/", "//host/x"])
    func anAliasMustStayOnTheSite(_ alias: String) async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: ['\(alias)']\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:11: error: alias '\(alias)' must be a path on this site, such as /old/path/\n  hint: aliases may not contain '..', '\\\\', a scheme or a host",
        ])
    }

    @Test(arguments: [
        ("a/b", "a-b"), ("has space", "has-space"), ("what?", "what"), ("50%", "50"), ("..", "untitled"),
    ])
    func anInvalidSlugIsAnError(_ slug: String, _ suggestion: String) async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\nslug: '\(slug)'\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:7: error: 'slug' must be one URL segment without spaces, '/', '?', '#' or '%', found \"\(slug)\"\n  hint: for example: slug: \(suggestion)",
        ])
    }

    @Test func anItemCannotLiveUnderTags() async throws {
        let site = try site(["content/tags/swift.md": "---\ntitle: Swift\nkind: note\n---\n"])
        await site.expectFailure([
            "content/tags/swift.md:1:1: error: the URL /tags/swift/ is reserved for tag pages\n  hint: give the item another 'slug:' or move it out of a folder named 'tags'",
        ])
    }
}
