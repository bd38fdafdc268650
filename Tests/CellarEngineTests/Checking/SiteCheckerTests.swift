import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `cellar check`: the build's checks without writing, then the finished site's links, anchors,
/// images and alt text, and tags that look like typos — each problem at its place.
@Suite struct SiteCheckerTests {
    /// A site from `cellar new site` with an about page and a post whose body is `body` (line 6 on).
    private func site(body: String, _ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "content/about.md": "---\ntitle: About\n---\n\n## Contact\n\nWrite to me.\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2029-06-01\n---\n\n" + body,
        ].merging(files) { $1 })
    }

    @Test func checkingWritesNeitherTheOutputNorTheCache() async throws {
        let site = try self.site(body: "Fine: [about](/about/), [contact](../about.md#contact).\n")
        let report = await site.check()
        #expect(report.diagnostics.isEmpty)
        #expect(report.built && report.items == 3)
        #expect(!site.exists("public") && !site.exists(".cellar-cache"))
    }

    @Test func aLinkToAPageThatDoesNotExistIsReportedWhereItIsWritten() async throws {
        let site = try self.site(body: "See [the about page](/abuot/) and [posts](../posts/).\n")
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "content/posts/a.md:6:22: error: link '/abuot/' leads to no page\n  hint: nothing is published at /abuot/; did you mean /about/?",
            "content/posts/a.md:6:43: error: link '../posts/' leads to no page\n  hint: nothing is published at /posts/posts/ (relative links start from the page's address, /posts/a/)",
        ])
    }

    @Test func anAnchorMissingFromItsPageIsReportedWithTheClosestId() async throws {
        let site = try self.site(body: "## Usage\n\nSee [usage](#usag), [contact](../about.md#contakt) and [top](#top).\n")
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "content/posts/a.md:8:13: error: anchor '#usag' not found on /posts/a/\n  hint: did you mean '#usage'?",
            "content/posts/a.md:8:31: error: anchor '#contakt' not found on /about/\n  hint: did you mean '#contact'?",
        ])
    }

    @Test func everyIdOfTheRenderedPageIsAnAnchorRawHTMLAndShortcodesIncluded() async throws {
        let site = try self.site(body: """
            <dl><dt id="def-extension">extension</dt><dd>A file's ending.</dd></dl>

            {{< term name="def-bundle" >}}

            ## Install it {#setup}

            See [the term](#def-extension), [the other](#def-bundle), [set up](#setup) and [the glossary](../about.md#def-cache).

            """, [
                "content/_index.md": "---\ntitle: Site\nmarkdown: {unsafe: true}\n---\n",
                "content/about.md": "---\ntitle: About\n---\n\n<span id='def-cache'>cache</span>\n",
                "themes/default/shortcodes/term.yml": "arguments:\n  name: string\n",
                "themes/default/shortcodes/term.html": "<p id=\"{{name}}\">A bundle.</p>",
            ])
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func aMissingImageOfATemplateIsReportedAtTheTemplateWithThePagesItIsOn() async throws {
        let site = try self.site(body: "Text.\n")
        let base = try site.read("themes/default/layouts/base.html")
        try site.write(["themes/default/layouts/base.html": base.replacingOccurrences(
            of: "<main id=\"main\">", with: "<img src=\"{{site.base_path}}logo.svg\" alt=\"Logo\">\n<main id=\"main\">")])
        let problems = await site.checkDiagnostics()
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("themes/default/layouts/base.html:42:11: error: image '/logo.svg' not found (on /, /404.html and ") == true)
        #expect(problems.first?.hasSuffix(" other pages)\n  hint: nothing is published at /logo.svg") == true)
    }

    @Test func anImageWithoutAnAltAttributeIsAnError() async throws {
        let site = try self.site(body: "Text.\n", ["content/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"])
        let item = try site.read("themes/default/layouts/item.html")
        try site.write(["themes/default/layouts/item.html": item.replacingOccurrences(
            of: "<div class=\"prose\">", with: "<img src=\"{{site.base_path}}logo.svg\">\n<div class=\"prose\">")])
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "themes/default/layouts/item.html:16:11: error: image '/logo.svg' has no alt attribute (on /posts/a/ and /posts/hello-world/)\n  hint: add alt=\"…\" describing the image, or alt=\"\" when it is only decoration",
        ])
    }

    @Test func aMarkdownImageWithoutAltTextIsAWarning() async throws {
        let site = try self.site(body: "![](/lake.svg)\n\n![A lake at dawn](/lake.svg)\n",
                                 ["content/lake.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"])
        let report = await site.check()
        #expect(!report.hasErrors)
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/posts/a.md:6:5: warning: image '/lake.svg' has no alt text\n  hint: describe it between the brackets, ![what it shows](/lake.svg); leave them empty only when the image is decoration",
        ])
    }

    @Test func aBrokenLinkFromAFieldIsReportedAtTheField() async throws {
        let site = try self.site(body: "Text.\n", [
            "content/links/_index.md": "---\ntitle: Links\nkind: link\n---\n",
            "content/links/old.md": "---\ntitle: Old page\nlink: /old-page/\n---\n",
        ])
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "content/links/old.md:3:7: error: link '/old-page/' leads to no page (on / and /links/)\n  hint: nothing is published at /old-page/",
        ])
    }

    @Test func aTagMuchRarerThanOneItLooksLikeIsWarnedAboutOnceWhereItIsFirstWritten() async throws {
        let site = try self.site(body: "Text.\n", [
            "content/posts/b.md": "---\ntitle: B\ntags: [swift, cellar]\n---\n",
            "content/posts/c.md": "---\ntitle: C\ntags:\n  - swift\n  - swift6\n---\n",
            "content/posts/d.md": "---\ntitle: D\ntags: [Swfit, rust, ruby, swift]\n---\n",
            "content/posts/e.md": "---\ntitle: E\ntags: [Swfit]\n---\n",
            "content/posts/f.md": "---\ntitle: F\ntags: [swift]\n---\n",
            "content/posts/g.md": "---\ntitle: G\ntags: [swift]\n---\n",
            "content/posts/h.md": "---\ntitle: H\ntags: [swift]\n---\n",
        ])
        let report = await site.check()
        #expect(!report.hasErrors)
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/posts/d.md:3:8: warning: tag 'Swfit' looks like a typo of 'swift'\n  hint: 'swift' is used by 6 items, 'Swfit' by 2 items (content/posts/d.md, content/posts/e.md); if they are the same tag, write it the same way everywhere; if not, add [Swfit, swift] to tags: {similar_ok: …} in content/_index.md",
        ])
    }

    /// A reading list's second book is enough for the usual spelling: one item against two is flagged.
    @Test func aTypoIsFlaggedOnceTheUsualSpellingHasTwiceTheItems() async throws {
        let site = try self.site(body: "Text.\n", [
            "content/posts/dune.md": "---\ntitle: Dune\ntags: [science-fiction]\n---\n",
            "content/posts/solaris.md": "---\ntitle: Solaris\ntags: [science-fiction, novels, novel]\n---\n",
            "content/posts/hail-mary.md": "---\ntitle: Hail Mary\ntags: [sciense-fiction, novels]\n---\n",
        ])
        #expect(await site.checkDiagnostics() == [
            "content/posts/hail-mary.md:3:8: warning: tag 'sciense-fiction' looks like a typo of 'science-fiction'\n  hint: 'science-fiction' is used by 2 items, 'sciense-fiction' by 1 item (content/posts/hail-mary.md); if they are the same tag, write it the same way everywhere; if not, add [sciense-fiction, science-fiction] to tags: {similar_ok: …} in content/_index.md",
            "content/posts/solaris.md:3:33: warning: tag 'novel' looks like a typo of 'novels'\n  hint: 'novels' is used by 2 items, 'novel' by 1 item (content/posts/solaris.md); if they are the same tag, write it the same way everywhere; if not, add [novel, novels] to tags: {similar_ok: …} in content/_index.md",
        ])
    }

    /// Neither spelling is the usual one: once each, or two against three.
    @Test(arguments: [(1, 1), (2, 3), (3, 5)])
    func aPairWithoutAClearlyUsualSpellingIsNotFlagged(_ rare: Int, _ common: Int) async throws {
        var files: [String: String] = [:]
        for index in 0..<rare { files["content/posts/r\(index).md"] = "---\ntitle: R\(index)\ntags: [sciense]\n---\n" }
        for index in 0..<common { files["content/posts/s\(index).md"] = "---\ntitle: S\(index)\ntags: [science]\n---\n" }
        let site = try self.site(body: "Text.\n", files)
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func tagsInWideUseBothAreTwoTags() async throws {
        var files: [String: String] = [:]
        for index in 0..<4 {
            files["content/posts/rust\(index).md"] = "---\ntitle: Rust \(index)\ntags: [rust]\n---\n"
            files["content/posts/rest\(index).md"] = "---\ntitle: Rest \(index)\ntags: [rest, books]\n---\n"
        }
        files["content/posts/rest4.md"] = "---\ntitle: Rest 4\ntags: [rest, book]\n---\n"
        let site = try self.site(body: "Text.\n", files)
        #expect(await site.checkDiagnostics() == [
            "content/posts/rest4.md:3:14: warning: tag 'book' looks like a typo of 'books'\n  hint: 'books' is used by 4 items, 'book' by 1 item (content/posts/rest4.md); if they are the same tag, write it the same way everywhere; if not, add [book, books] to tags: {similar_ok: …} in content/_index.md",
        ])
    }

    @Test func similarTagsNamedInTheSettingsAreNotWarnedAbout() async throws {
        var files: [String: String] = [:]
        for index in 0..<3 { files["content/posts/rust\(index).md"] = "---\ntitle: Rust \(index)\ntags: [rust, books]\n---\n" }
        files["content/posts/rest.md"] = "---\ntitle: Rest\ntags: [REST, book]\n---\n"
        let site = try self.site(body: "Text.\n", files)
        let settings = try site.read("content/_index.md")
        try site.write(["content/_index.md": settings.replacingOccurrences(
            of: "---\n\n", with: "tags:\n  similar_ok: [[rust, rest], [Books, book, booking]]\n---\n\n")])
        #expect(await site.checkDiagnostics() == [])
    }

    @Test(arguments: [
        ("swift", "swfit", true), ("swift", "swifts", true), ("python", "pyhton", true), ("javascript", "javascirpt", true),
        ("typescript", "typscrpt", true), ("rust", "ruby", false), ("css", "csv", false), ("swift5", "swift6", false),
        ("film", "form", false), ("cellar", "cellar", false),
    ])
    func whichTagsLookLikeTypos(_ first: String, _ second: String, _ expected: Bool) {
        #expect(TagTypoFinder.looksLikeTypo(first, second) == expected)
    }

    @Test func aSiteThatDoesNotBuildReportsTheBuildsProblems() async throws {
        let site = try self.site(body: "Text.\n", ["content/posts/b.md": "---\ntitle: B\ndate: someday\n---\n"])
        let report = await site.check()
        #expect(!report.built && report.pages == 0)
        #expect(report.diagnostics.map { site.relative($0.headline) } == [
            "content/posts/b.md:3:7: error: 'date' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"someday\"",
        ])
        #expect(!site.exists("public"))
    }
}
