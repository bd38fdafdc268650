@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// GFM in item bodies as the engine uses it: the `markdown.extensions` setting, footnotes with ids
/// of their own per item and their problems at `file:line:column`, `<!--more-->`, and the table of
/// contents templates are given.
@Suite struct MarkdownExtensionsTests {
    private static let theme = [
        "themes/default/cells/note.html": "<li class=\"note\">{{title}}|{{summary}}</li>\n<div class=\"body\">{{{content}}}</div>\n",
        "themes/default/layouts/item.html": """
            {{<base}}{{$main}}{{#item}}<h1>{{title}}</h1>{{#has_toc}}<nav>{{#toc}}{{>entry}}{{/toc}}</nav>{{/has_toc}}\
            <article>{{{content}}}</article>{{/item}}{{/main}}{{/base}}
            """,
        "themes/default/partials/entry.html": "[{{title}}#{{id}}{{#children}}{{>entry}}{{/children}}]",
    ]

    private func site(_ notes: [String: String], settings: String = "") throws -> TemporarySite {
        var files = Self.theme.merging(["content/_index.md": Fixture.site(settings),
                                        "content/notes/_index.md": Fixture.section("Notes", kind: "note")]) { $1 }
        for (name, text) in notes { files["content/notes/\(name).md"] = text }
        return try TemporarySite(files: files)
    }

    @Test func everyExtensionIsOnByDefault() async throws {
        let site = try site(["n": "---\ntitle: N\n---\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n~~old~~ www.example.org\n\n- [x] done\n"])
        try await site.build()
        let page = try site.page("notes/n/index.html")
        #expect(page.contains("<table>") && page.contains("<td style=\"text-align: right\">2</td>"))
        #expect(page.contains("<del>old</del>"))
        #expect(page.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
        #expect(page.contains("type=\"checkbox\""))
    }

    @Test func theSettingSwitchesExtensionsOneByOne() async throws {
        let site = try site(["n": "---\ntitle: N\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~\n"],
                            settings: "markdown: {extensions: [strikethrough]}\n")
        try await site.build()
        let page = try site.page("notes/n/index.html")
        #expect(!page.contains("<table>"))
        #expect(page.contains("<del>old</del>"))
    }

    @Test func anUnknownExtensionIsRefusedWithTheKnownOnes() async throws {
        let site = try site(["n": "---\ntitle: N\n---\nText.\n"], settings: "markdown: {extensions: [tables, footnotes]}\n")
        await site.expectFailure([
            "content/_index.md:4:25: error: unknown Markdown extension 'tables'; did you mean 'table'?\n"
                + "  hint: the extensions are table, strikethrough, autolink, tasklist, footnotes",
        ])
    }

    @Test func footnoteIdsDifferBetweenItemsOnOneListPage() async throws {
        let note = { (word: String) in "---\ntitle: \(word)\ndate: 2024-01-0\(word.count)\n---\n\(word)[^1].\n\n[^1]: About \(word).\n" }
        let site = try site(["one": note("one"), "three": note("three")])
        try await site.build()
        let list = try site.page("notes/index.html")
        #expect(list.contains("id=\"item-notes-one-fn-1\"") && list.contains("id=\"item-notes-three-fn-1\""))
        #expect(list.contains("href=\"#item-notes-one-fn-1\"") && list.contains("href=\"#item-notes-three-fn-1\""))
    }

    @Test func footnoteProblemsArePlacedWhereTheyAreWritten() async throws {
        let site = try site(["n": "---\ntitle: N\n---\nSee[^missing] and more.\n\n[^unused]: Nobody reads me.\n"])
        #expect(await site.diagnostics().map { $0.components(separatedBy: "\n").first ?? "" } == [
            "content/notes/n.md:4:4: warning: footnote '[^missing]' has no note; it is printed as written",
            "content/notes/n.md:6:1: note: footnote '[^unused]' is never referred to, so it is left out",
        ])
    }

    @Test func moreEndsTheSummary() async throws {
        let site = try site(["n": "---\ntitle: N\n---\nFirst part.\n\nStill the summary.\n\n<!--more-->\n\nThe rest.\n"])
        try await site.build()
        #expect(try site.page("notes/index.html").contains("<li class=\"note\">N|First part. Still the summary.</li>"))
    }

    @Test func aTableOfContentsNestsTheHeadings() async throws {
        let body = "## One\n\nText.\n\n### One A\n\n### One B\n\n## Two\n"
        let site = try site(["n": "---\ntitle: N\n---\n" + body, "short": "---\ntitle: Short\n---\n## Only\n\n## Two\n"])
        try await site.build()
        #expect(try site.page("notes/n/index.html").contains("<nav>[One#one[One A#one-a][One B#one-b]][Two#two]</nav>"))
        #expect(try !site.page("notes/short/index.html").contains("<nav>"), "fewer than three headings: no contents")
    }
}
