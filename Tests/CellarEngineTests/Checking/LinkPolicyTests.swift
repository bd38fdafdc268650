import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `links:` in the site settings and the link rules every site has: the home page is `/`, prefixes
/// served by other software are kept, broken links may be warnings, and a link that reads as a web
/// address written without its scheme says so.
@Suite struct LinkPolicyTests {
    /// A scaffolded site whose settings gain `settings` (YAML lines) and whose post body is `body` (line 6 on).
    private func site(body: String, settings: String = "", baseURL: String = "https://example.org/") throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "content/_index.md": "---\ntitle: Site\nbase_url: \(baseURL)\n\(settings)---\nWelcome.\n",
            "content/about.md": "---\ntitle: About\n---\n\n## Contact\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2029-06-01\n---\n\n" + body,
        ])
    }

    /// The `href`s of the post's prose, in order.
    private func hrefs(_ site: TemporarySite) throws -> [String] {
        let page = try site.page("posts/a/index.html")
        let prose = HTML.slices(of: page, between: "<div class=\"prose\">", and: "</div>").first ?? ""
        return HTML.slices(of: prose, between: "href=\"", and: "\"")
    }

    // MARK: - The home page

    @Test func aLinkToTheRootIsTheHomePageWithItsBasePath() async throws {
        let site = try self.site(body: "[home page](/), [top](/#top), [search](/?q=cells), [up](../)\n",
                                 baseURL: "https://example.org/blog/")
        try await site.build()
        #expect(try hrefs(site) == ["/blog/", "/blog/#top", "/blog/?q=cells", "/blog/"])
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func aRelativeLinkAboveTheRootStillPointsOutside() async throws {
        let site = try self.site(body: "[up](../../x/)\n")
        await site.expectFailure([
            "content/posts/a.md:6:6: error: '../../x/' points outside the content folder\n  hint: link to files under content/",
        ])
    }

    // MARK: - outside

    @Test func linksUnderOutsidePrefixesAreKeptWithTheBasePathAndNeverReported() async throws {
        let body = "[download](/install/), [docs](/docs/guides/building.html), [script](/install.sh), [home](/)\n"
        let site = try self.site(body: body, settings: "links: {outside: [/install/, /docs/, /install.sh]}\n",
                                 baseURL: "https://example.org/")
        try await site.build()
        #expect(try hrefs(site) == ["/install/", "/docs/guides/building.html", "/install.sh", "/"])
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func withoutThePolicyALinkToAFileOfAnotherProgramFailsTheBuild() async throws {
        let site = try self.site(body: "[docs](/docs/guides/building.html)\n")
        await site.expectFailure([
            "content/posts/a.md:6:8: error: file '/docs/guides/building.html' not found; looked for content/docs/guides/building.html\n"
                + "  hint: paths starting with '/' are relative to content/",
        ])
    }

    @Test func aPrefixCoversWholeSegmentsOnly() {
        let policy = LinkPolicy(outside: ["/docs/", "/install.sh"])
        #expect(policy.isOutside("/docs/a.html") && policy.isOutside("/docs") && policy.isOutside("/docs/"))
        #expect(policy.isOutside("/install.sh") && !policy.isOutside("/install.sh.gz"))
        #expect(!policy.isOutside("/docsets/") && !policy.isOutside("/"))
    }

    @Test func anOutsideEntryThatIsNotAPathOnThisHostIsALocatedError() async throws {
        let site = try self.site(body: "Text.\n", settings: "links:\n  outside: [docs/, /, \"/a b/\", /x/../y/]\n")
        let hint = "  hint: list the path prefixes other software serves on this host, e.g. outside: [/install/, /docs/]"
        await site.expectFailure([
            "content/_index.md:5:13: error: 'links.outside' entry \"docs/\" must be a path on this host starting with '/', such as /docs/\n" + hint,
            "content/_index.md:5:20: error: 'links.outside' entry \"/\" '/' would leave every link of the site unchecked\n" + hint,
            "content/_index.md:5:23: error: 'links.outside' entry \"/a b/\" may not contain 'a space'\n" + hint,
            "content/_index.md:5:32: error: 'links.outside' entry \"/x/../y/\" may not contain '.' or '..' segments\n" + hint,
        ])
    }

    @Test func anUnknownBrokenValueIsRefusedWithTheChoices() async throws {
        let site = try self.site(body: "Text.\n", settings: "links: {broken: warn}\n")
        await site.expectFailure([
            "content/_index.md:4:17: error: 'links.broken' must be one of error, warning; found \"warn\"",
        ])
    }

    // MARK: - broken

    @Test func withBrokenWarningAMissingFileIsALocatedWarningAndTheBuildSucceeds() async throws {
        let site = try self.site(body: "[docs](/docs/building.html) and ![chart](chart.png)\n", settings: "links: {broken: warning}\n")
        let report = try await site.build()
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/posts/a.md:6:8: warning: file '/docs/building.html' not found; looked for content/docs/building.html\n"
                + "  hint: paths starting with '/' are relative to content/",
            "content/posts/a.md:6:42: warning: image 'chart.png' not found; looked for content/posts/chart.png\n"
                + "  hint: paths without a leading '/' are relative to the item's folder",
        ])
        #expect(try hrefs(site) == ["/docs/building.html"])
    }

    /// One decision, one policy: check reports a broken link exactly as the build does, once.
    @Test func checkReportsTheLinksABuildLetThroughAsTheBuildDoesOnce() async throws {
        let site = try self.site(body: "[docs](/docs/building.html) and [a page](/docs/)\n", settings: "links: {broken: warning}\n")
        let expected = [
            "content/posts/a.md:6:8: warning: file '/docs/building.html' not found; looked for content/docs/building.html\n"
                + "  hint: paths starting with '/' are relative to content/",
            "content/posts/a.md:6:42: warning: link '/docs/' leads to no page\n  hint: nothing is published at /docs/",
        ]
        let checked = await site.checkDiagnostics()
        #expect(checked == expected)
        #expect(await !site.check().hasErrors)
        let built = try await site.build().diagnostics.map { site.relative($0.description) }
        #expect(built == expected)
    }

    /// `[x](/books/project-hail-mery/)`: no page there fails `cellar build` as it fails `cellar check`,
    /// with the same words, and leaves the last output as it was.
    @Test func aLinkToAPageThatDoesNotExistFailsTheBuildAsItFailsCheck() async throws {
        let site = try self.site(body: "Next: [the book](/books/project-hail-mary/).\n", settings: "")
        try site.write(["content/books/project-hail-mary.md": "---\ntitle: Project Hail Mary\ndate: 2029-01-01\n---\n\nA book.\n"])
        try await site.build()
        let before = site.snapshot()
        try site.write(["content/posts/a.md": "---\ntitle: A\ndate: 2029-06-01\n---\n\nNext: [the book](/books/project-hail-mery/).\n"])
        let expected = [
            "content/posts/a.md:6:18: error: link '/books/project-hail-mery/' leads to no page\n"
                + "  hint: nothing is published at /books/project-hail-mery/; did you mean /books/project-hail-mary/?",
        ]
        await site.expectFailure(expected)
        #expect(await site.checkDiagnostics() == expected)
        #expect(site.snapshot() == before)
    }

    /// A relative page link and one in a section's introduction are checked too; a page that exists is fine.
    @Test func relativeLinksAndIntroductionsAreCheckedAgainstThePublishedPages() async throws {
        let site = try self.site(body: "[about](/about/), [posts](/posts/), [home](../)\n", settings: "")
        try site.write(["content/posts/_index.md": "---\ntitle: Posts\n---\nSee [the archive](/archive/).\n"])
        await site.expectFailure([
            "content/posts/_index.md:4:19: error: link '/archive/' leads to no page\n  hint: nothing is published at /archive/",
        ])
        try site.write(["content/posts/_index.md": "---\ntitle: Posts\n---\nSee [the post](a/) and [up](../posts/).\n"])
        try await site.build()
    }

    // MARK: - Web addresses without a scheme

    @Test(arguments: [
        ("[the package](pkg.example.org)", "file 'pkg.example.org' not found; looked for content/posts/pkg.example.org", "https://pkg.example.org"),
        ("[the site](www.example.com/x)", "link 'www.example.com/x' leads to no page; looked for content/posts/www.example.com/x", "https://www.example.com/x"),
        ("[docs](docs.swift.org/guide/)", "link 'docs.swift.org/guide/' leads to no page; looked for content/posts/docs.swift.org/guide", "https://docs.swift.org/guide/"),
    ])
    func aRelativeLinkThatReadsAsAHostNameSuggestsTheScheme(_ body: String, _ message: String, _ guess: String) async throws {
        let site = try self.site(body: body + "\n")
        let column = body.firstIndex(of: "(").map { body.distance(from: body.startIndex, to: $0) + 2 } ?? 0
        await site.expectFailure(["content/posts/a.md:6:\(column): error: \(message)\n  hint: did you mean '\(guess)'?"])
    }

    @Test(arguments: ["notes.md", "photo.png", "archive.tar.gz", "v1.2/", "README", "../x.html", "example.com:8080"])
    func namesOfFilesAndPathsAreNotTakenForHosts(_ target: String) {
        #expect(URLCheck.hostGuess(target) == nil)
    }

    @Test(arguments: [("example.com", "https://example.com"), ("www.example.md/a", "https://www.example.md/a"),
                      ("pkg.example.org?x=1", "https://pkg.example.org?x=1")])
    func hostNamesAreRecognised(_ target: String, _ guess: String) {
        #expect(URLCheck.hostGuess(target) == guess)
    }

    @Test func checkGivesTheSameHintForALinkALayoutOrPolicyLetThrough() async throws {
        let site = try self.site(body: "[the site](www.example.com/x)\n", settings: "links: {broken: warning}\n")
        #expect(await site.checkDiagnostics() == [
            "content/posts/a.md:6:12: warning: link 'www.example.com/x' leads to no page; looked for content/posts/www.example.com/x\n"
                + "  hint: did you mean 'https://www.example.com/x'?",
        ])
    }

    // MARK: - Aliases

    @Test func aLinkToAnOldAddressOfAnItemGoesStraightToItsPage() async throws {
        let site = try self.site(body: "[old](/2019/01/02/old-about.html), [older](/old/about/)\n")
        try site.write(["content/about.md": "---\ntitle: About\naliases: [/2019/01/02/old-about.html, /old/about/]\n---\n"])
        try await site.build()
        #expect(try hrefs(site) == ["/about/", "/about/"])
        #expect(site.output("2019/01/02/old-about.html")?.contains("/about/") == true)
        #expect(await site.checkDiagnostics() == [])
    }
}
