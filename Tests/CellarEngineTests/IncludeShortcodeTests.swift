@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `{{< include >}}`: another Markdown file of `content/` drawn in place as part of the body, and
/// folders of such snippets (`content/_snippets/`) that are never published themselves.
@Suite struct IncludeShortcodeTests {
    private func site(_ body: String, snippets: [String: String] = [:]) throws -> TemporarySite {
        var files = [
            "content/_index.md": "---\ntitle: Includes\n---\n",
            "content/notes/_index.md": "---\ntitle: Notes\nkind: note\n---\n",
            "content/notes/setup.md": "---\ntitle: Setup\ndate: 2024-01-01\n---\n" + body,
        ]
        for (path, text) in snippets { files["content/" + path] = text }
        return try TemporarySite(files: files)
    }

    private func failures(_ site: TemporarySite) async -> [String] {
        await site.failures().map { $0.replacingOccurrences(of: site.root + "/", with: "") }
    }

    @Test func theFileIsPartOfTheBodyItsHeadingsReachableByTheLinksOfThePage() async throws {
        let site = try site("See [the details](#the-details).\n\n{{< include \"/_snippets/details\" >}}\n", snippets: [
            "_snippets/details.md": "---\n# no fields needed\n---\n## The details\n\nRun `make`, then [the notes](/notes/).\n\n```sh\nmake\n```\n",
            "_snippets/_index.md": "---\ntitle: Not a section\n---\n",
        ])
        try await site.build()
        #expect(await failures(site) == [])
        let page = try #require(site.output("notes/setup/index.html"))
        #expect(page.contains("<h2 id=\"the-details\">\nThe details\n</h2>"), "\(page)")
        // Its code blocks are coloured as the body's own (the `sh` definition).
        #expect(page.contains("<pre class=\"highlight\" data-lang=\"sh\">"))
        #expect(page.contains("<a href=\"/notes/\">the notes</a>"))
        #expect(!page.contains("{{<"))
        // The snippets are read, never published: no page, no copy, no section.
        #expect(site.output("_snippets/details.md") == nil && site.output("_snippets/details/index.html") == nil)
        #expect(site.output("_snippets/index.html") == nil)
        #expect(!(try #require(site.output("sitemap.xml"))).contains("_snippets"))
    }

    @Test func aPathIsLookedForBesideTheItemThenFromContent() {
        #expect(IncludeShortcode.candidates("parts/a", from: "notes") == [
            "notes/parts/a", "notes/parts/a.md", "notes/parts/a/index.md", "notes/parts/a/_index.md",
            "parts/a", "parts/a.md", "parts/a/index.md", "parts/a/_index.md",
        ])
        #expect(IncludeShortcode.candidates("/_common/b.md", from: "notes") == ["_common/b.md"])
        // Never above content/.
        #expect(IncludeShortcode.candidates("/../../etc/passwd", from: "") == [])
    }

    @Test func mistakesAreReportedWhereTheyAreWritten() async throws {
        let missing = await failures(try site("{{< include \"_snippets/nope\" >}}\n"))
        #expect(missing.count == 1 && missing[0].hasPrefix("content/notes/setup.md:5:13: error: no file of content/ to include at '_snippets/nope'"),
                "\(missing)")
        // A mistake inside the included file is placed in that file.
        let inside = await failures(try site("Intro.\n\n{{< include \"/_snippets/bad\" >}}\n", snippets: [
            "_snippets/bad.md": "---\n---\nFirst line.\n\n{{< nosuchshortcode >}}\n",
        ]))
        #expect(inside.count == 1 && inside[0].hasPrefix("content/_snippets/bad.md:5:1: error: unknown shortcode 'nosuchshortcode'"), "\(inside)")
        // A file that includes itself stops, eight deep, with a message.
        let loop = await failures(try site("{{< include \"/_snippets/loop\" >}}\n", snippets: [
            "_snippets/loop.md": "Again:\n\n{{< include \"/_snippets/loop\" >}}\n",
        ]))
        #expect(loop.count == 1 && loop[0].contains("error: '/_snippets/loop' is included more than eight files deep"), "\(loop)")
    }

    @Test func anIncludedFileIncludesBesideItself() async throws {
        let site = try site("{{< include \"/_snippets/outer\" >}}\n", snippets: [
            "_snippets/outer.md": "Outer.\n\n{{< include \"inner\" >}}\n",
            "_snippets/inner.md": "Inner.\n",
        ])
        try await site.build()
        let page = try #require(site.output("notes/setup/index.html"))
        #expect(page.contains("<p>Outer.</p>\n<p>Inner.</p>"), "\(page)")
    }

    @Test func editingTheIncludedFileRedrawsThePage() async throws {
        let site = try site("{{< include \"/_snippets/note\" >}}\n", snippets: ["_snippets/note.md": "Version one.\n"])
        try await site.build()
        #expect(site.output("notes/setup/index.html")?.contains("Version one.") == true)
        try site.write(["content/_snippets/note.md": "Version two.\n"])
        try await site.build()
        #expect(site.output("notes/setup/index.html")?.contains("Version two.") == true)
    }
}
