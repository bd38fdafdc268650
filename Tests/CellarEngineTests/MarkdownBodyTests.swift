@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Item bodies: smart punctuation, raw HTML only when the site opts in, summaries, word counts,
/// reading time and heading ids.
@Suite struct MarkdownBodyTests {
    private static let cell = [
        "themes/default/cells/note.html": "<li class=\"note\">{{title}}|{{summary}}|{{word_count}}|{{reading_time}}</li>\n",
    ]

    private func site(_ note: String, settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: Self.cell.merging([
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/n.md": note,
        ]) { $1 })
    }

    /// The item page's article and the cell's `title|summary|words|minutes`.
    private func render(_ note: String, settings: String = "",
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> (content: String, cell: String) {
        let site = try site(note, settings: settings)
        let problems = await site.diagnostics()
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        let page = try site.page("notes/n/index.html", sourceLocation: sourceLocation)
        let content = try #require(HTML.slices(of: page, between: "<h1>N</h1>", and: "</article>").first, sourceLocation: sourceLocation)
        let cell = try #require(HTML.noteTitles(try site.page("notes/index.html", sourceLocation: sourceLocation)).first,
                                sourceLocation: sourceLocation)
        return (content, cell)
    }

    @Test func punctuationIsSmart() async throws {
        let (content, _) = try await render("---\ntitle: N\n---\n\"Don't\" -- wait --- it's 'fine'...\n")
        #expect(content == "<p>“Don’t” – wait — it’s ‘fine’…</p>\n")
    }

    @Test func smartPunctuationCanBeTurnedOff() async throws {
        let (content, _) = try await render("---\ntitle: N\n---\n\"Don't\" -- wait\n", settings: "markdown: {smart: false}\n")
        #expect(content == "<p>&quot;Don't&quot; -- wait</p>\n")
    }

    @Test func rawHTMLIsDroppedByDefault() async throws {
        let (content, _) = try await render("---\ntitle: N\n---\n<div class=\"box\">boxed</div>\n\nA <script>alert(1)</script> B [x](javascript:alert(1))\n")
        #expect(content == "<!-- raw HTML omitted -->\n<p>A <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> B <a href=\"\">x</a></p>\n")
    }

    @Test func rawHTMLPassesWhenTheSiteSaysUnsafe() async throws {
        let (content, _) = try await render("---\ntitle: N\n---\n<div class=\"box\">boxed</div>\n\nA <b>bold</b> B\n",
                                            settings: "markdown: {unsafe: true}\n")
        #expect(content == "<div class=\"box\">boxed</div>\n<p>A <b>bold</b> B</p>\n")
    }

    @Test func theSummaryIsTheFirstParagraphAsText() async throws {
        let (_, cell) = try await render("---\ntitle: N\n---\n# Heading\n\nFirst *paragraph*\nwith a [link](https://example.org/).\n\nSecond paragraph.\n")
        #expect(cell == "N|First paragraph with a link.|8|1")   // the heading and the second paragraph count too
    }

    @Test func aSummaryFieldWins() async throws {
        let (_, cell) = try await render("---\ntitle: N\nsummary: Written by hand.\n---\nFirst paragraph.\n")
        #expect(cell == "N|Written by hand.|2|1")
    }

    @Test func longFirstParagraphsAreClippedAtAWord() async throws {
        let words = (1...100).map { "word\($0)" }.joined(separator: " ")
        let (_, cell) = try await render("---\ntitle: N\n---\n\(words)\n")
        let summary = cell.split(separator: "|")[1]
        #expect(summary.count <= 281)
        #expect(summary.hasSuffix("…"))
        #expect(words.hasPrefix(summary.dropLast()))
        #expect(summary.dropLast().last?.isNumber == true, "cut inside a word: \(summary)")
    }

    @Test(arguments: [(1, 1), (238, 1), (239, 2), (476, 2), (477, 3), (1000, 5)])
    func readingTimeIsWordsAt238AMinuteRoundedUp(_ words: Int, _ minutes: Int) async throws {
        let body = Array(repeating: "word", count: words).joined(separator: " ")
        let (_, cell) = try await render("---\ntitle: N\n---\n\(body)\n")
        #expect(cell.hasSuffix("|\(words)|\(minutes)"))
    }

    @Test func anEmptyBodyHasNoWordsAndStillAMinute() async throws {
        let (content, cell) = try await render("---\ntitle: N\n---\n")
        #expect(content == "")
        #expect(cell == "N||0|1")
    }

    @Test func headingsGetIDs() async throws {
        let (content, _) = try await render("---\ntitle: N\n---\n## Getting started\n\n## Getting started\n\n### Crème brûlée!\n")
        #expect(content.replacingOccurrences(of: "\n", with: "") ==
            "<h2 id=\"getting-started\">Getting started</h2><h2 id=\"getting-started-1\">Getting started</h2>"
            + "<h3 id=\"crème-brûlée\">Crème brûlée!</h3>")
    }

    @Test func theHomeIntroIsTheSiteFilesBody() async throws {
        let site = try site("---\ntitle: N\n---\n")
        try site.write(["content/_index.md": "---\ntitle: Test site\n---\nWelcome to *this* site -- enjoy.\n",
                        "themes/default/layouts/home.html": "{{<base}}{{$main}}{{{page.intro}}}{{/main}}{{/base}}"])
        try await site.build()
        #expect(try site.page("index.html").contains("<p>Welcome to <em>this</em> site – enjoy.</p>"))
    }
}
