@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `{{< definitions >}}`: a folder's Markdown files as a definition list (a glossary page), each
/// term with an id from its file name in the site's anchor style.
@Suite struct DefinitionsShortcodeTests {
    private func site(anchors: String = "github", terms: [String: String]) throws -> TemporarySite {
        var files = [
            "content/_index.md": "---\ntitle: Terms\nmarkdown: {anchors: \(anchors)}\n---\n",
            "content/docs/_index.md": "---\ntitle: Docs\nkind: note\n---\n",
            "content/docs/words.md": "---\ntitle: Words\ndate: 2024-01-01\n---\nSee [a pot](#tea-pot).\n\n{{< definitions \"/_terms\" >}}\n",
        ]
        for (path, text) in terms { files["content/_terms/" + path] = text }
        return try TemporarySite(files: files)
    }

    private func failures(_ site: TemporarySite) async -> [String] {
        await site.failures().map { $0.replacingOccurrences(of: site.root + "/", with: "") }
    }

    @Test func eachFileIsATermSortedByTitleWithAnIdFromItsName() async throws {
        let site = try site(terms: [
            "tea-pot.md": "---\ntitle: tea pot\n---\nA vessel; see [kettle](#kettle).\n",
            "Kettle.md": "---\ntitle: Kettle\n---\nIt *boils*.\n",
            "cup/index.md": "---\ntitle: cup\n---\nHolds tea.\n",
            "_index.md": "---\ntitle: Not a term\n---\n",
        ])
        try await site.build()
        #expect(await failures(site) == [])
        let page = try #require(site.output("docs/words/index.html"))
        #expect(page.contains("""
            <dl class="definitions">
            <dt id="cup">cup</dt>
            <dd>
            <p>Holds tea.</p>
            </dd>
            <dt id="kettle">Kettle</dt>
            <dd>
            <p>It <em>boils</em>.</p>
            </dd>
            <dt id="tea-pot">tea pot</dt>
            <dd>
            <p>A vessel; see <a href="#kettle">kettle</a>.</p>
            </dd>
            </dl>
            """), "\(page)")
        #expect(!page.contains("Not a term"))
    }

    @Test func addingOrRemovingATermRedrawsThePage() async throws {
        let site = try site(terms: ["tea-pot.md": "---\ntitle: tea pot\n---\nA vessel.\n"])
        try await site.build()
        try site.write(["content/_terms/spoon.md": "---\ntitle: spoon\n---\nStirs.\n"])
        try await site.build()
        #expect(site.output("docs/words/index.html")?.contains("<dt id=\"spoon\">spoon</dt>") == true)
        try site.remove("content/_terms/spoon.md")
        try await site.build()
        #expect(site.output("docs/words/index.html")?.contains("spoon") == false)
    }

    @Test func aFolderWithoutTermsIsReportedWhereTheCallIs() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Terms\n---\n",
            "content/docs/_index.md": "---\ntitle: Docs\nkind: note\n---\n",
            "content/docs/words.md": "---\ntitle: Words\ndate: 2024-01-01\n---\n{{< definitions \"/_none\" >}}\n",
        ])
        let found = await failures(site)
        #expect(found.count == 1 && found[0].hasPrefix("content/docs/words.md:5:17: error: no Markdown files in a folder of content/ at '/_none'"),
                "\(found)")
    }

    /// A section's introduction draws it too (a glossary section, as Hugo sites have them): its ids
    /// reach links from other pages, and a term's link that leads nowhere counts as the body's own
    /// (the site's `links.broken` decides), not as an error of the finished page.
    @Test func aSectionIntroductionDrawsItAndItsLinksFollowTheLinkPolicy() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Terms\nlinks: {broken: warning}\n---\n",
            "content/glossary/_index.md": "---\ntitle: Glossary\n---\nThe words we use.\n\n{{< definitions \"/_terms\" >}}\n",
            "content/_terms/tea-pot.md": "---\ntitle: tea pot\n---\nSee [nothing](nowhere).\n",
            "content/docs/_index.md": "---\ntitle: Docs\nkind: note\n---\n",
            "content/docs/words.md": "---\ntitle: Words\ndate: 2024-01-01\n---\nSee [a pot](/glossary/#tea-pot).\n",
        ], theme: .repository)
        let report = try await site.build()
        let page = try #require(site.output("glossary/index.html"))
        #expect(page.contains("<dt id=\"tea-pot\">tea pot</dt>"), "\(page.suffix(1500))")
        #expect(report.diagnostics.map { "\($0.severity): \($0.message)" } == ["warning: link 'nowhere' leads to no page"])
    }
}
