import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The link checker reads each body's and introduction's links and images as the build collected
/// them (``BodyReference``) instead of rendering every body again: what it reads is what the pages
/// show, placed where it is written.
@Suite struct BodyReferenceTests {
    private func build(_ site: TemporarySite, collecting: Bool) async throws -> BuildResult {
        var options = site.options()
        options.writeMode = .memory
        options.collectsReferences = collecting
        var memo = BuildMemo()
        return try await BuildPipeline(options: options, reporter: SilentReporter()).run(.everything, memo: &memo)
    }

    private func site() throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "content/about.md": "---\ntitle: About\n---\n\n## Contact\n\nWrite to me.\n",
            "content/posts/_index.md": "---\ntitle: Posts\n---\n\nAll posts; see [about](/about/#contact) and ![](/about/).\n",
            "content/posts/a.md": """
                ---
                title: A
                date: 2029-06-01
                ---

                See [contact](../about.md#contact), [the web](https://example.com/#x)
                and [here](#usage).

                ![A lake](/about/) and ![](../about.md)

                No link here.
                """,
            "content/posts/b.md": "---\ntitle: B\ndate: 2029-06-02\n---\n\nNothing to follow.\n",
        ])
    }

    @Test func aCheckingBuildKeepsEachLinkAsItsPageHasItWhereItIsWritten() async throws {
        let result = try await build(site(), collecting: true)
        let a = try #require(result.model.itemsByID["posts/a.md"])
        let found = try #require(a.body.references)
        #expect(found.map(\.href) == ["/about/#contact", "https://example.com/#x", "#usage", "/about/", "/about/"])
        #expect(found.map { [$0.line, $0.column] } == [[2, 15], [2, 47], [3, 12], [5, 11], [5, 28]])   // the body starts with its blank line
        #expect(found.map(\.reference.hasEmptyAlt) == [false, false, false, false, true])
        // A body that cannot hold a link keeps an empty list, not nil: it was looked at.
        #expect(result.model.itemsByID["posts/b.md"]?.body.references == [])
        let intro = try #require(result.model.introReferences["posts/_index.md"])
        #expect(intro.map(\.href) == ["/about/#contact", "/about/"])
        #expect(intro.map(\.reference.hasEmptyAlt) == [false, true])
    }

    @Test func aBuildThatDoesNotCheckKeepsNone() async throws {
        let result = try await build(site(), collecting: false)
        #expect(result.model.items.allSatisfy { $0.body.references == nil })
        #expect(result.model.introReferences.isEmpty)
    }

    @Test func checkReportsFromTheCollectedLinksAtTheirPlaces() async throws {
        let site = try self.site()
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "content/posts/_index.md:5:49: warning: image '/about/' has no alt text\n  hint: describe it between the brackets, ![what it shows](/about/); leave them empty only when the image is decoration",
            "content/posts/a.md:7:12: error: anchor '#usage' not found on /posts/a/\n  hint: no element of that page has id=\"usage\"",
            "content/posts/a.md:9:28: warning: image '../about.md' has no alt text\n  hint: describe it between the brackets, ![what it shows](../about.md); leave them empty only when the image is decoration",
        ])
    }
}
