@testable import CellarEngine
import CellarHighlight
import CellarMarkdown
import Foundation
import Testing

/// Fenced code in item bodies, coloured at build time: what pages get, what the author hears at
/// the fence's place, the switch, and that a body is highlighted once per session.
@Suite struct CodeHighlightingTests {
    private func site(_ body: String, settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/n.md": "---\ntitle: N\n---\n" + body,
        ])
    }

    @Test func aFenceWithALanguageIsColouredWithClasses() async throws {
        let site = try site("```swift\nlet answer = 42 // the answer\n```\n")
        try await site.build()
        let page = try site.page("notes/n/index.html")
        #expect(page.contains("<pre class=\"highlight\" data-lang=\"swift\"><code><span class=\"hl-keyword\">let</span>"))
        #expect(page.contains("<span class=\"hl-number\">42</span>"))
        #expect(page.contains("<span class=\"hl-comment\">// the answer</span>"))
    }

    @Test func hostileCodeStaysEscaped() async throws {
        let site = try site("```html\n</code></pre><script>alert(1)</script>\n```\n")
        try await site.build()
        let page = try site.page("notes/n/index.html")
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;/code&gt;") || page.contains("&lt;/<span"))
    }

    @Test func anUnknownLanguageIsANoteWithTheNearestAndTheCodeStaysPlain() async throws {
        let site = try site("Text.\n\n```pyhton\nprint(1 < 2)\n```\n")
        let problems = await site.diagnostics()
        #expect(problems == [
            "content/notes/n.md:6:4: note: unknown language 'pyhton' for syntax highlighting; did you mean 'python'?\n"
                + "  hint: the block is shown as plain code; write `text` after the fence for a block that needs no highlighting",
        ], "\(problems)")
        #expect(try site.page("notes/n/index.html").contains("<code>print(1 &lt; 2)\n</code>"))
    }

    @Test func aMalformedOptionIsAWarningWhereItIsWritten() async throws {
        let site = try site("```swift   {hl_lines=[9]}\nlet x = 1\n```\n")
        let problems = await site.diagnostics()
        #expect(problems.first?.hasPrefix("content/notes/n.md:4:22: warning: hl_lines marks line 9, but the block has 1 line") == true,
                "\(problems)")
    }

    @Test func highlightingCanBeTurnedOff() async throws {
        let site = try site("```swift\nlet x = 1\n```\n", settings: "markdown: {highlight: false}\n")
        try await site.build()
        #expect(try site.page("notes/n/index.html").contains("<pre><code class=\"language-swift\">let x = 1\n</code></pre>"))
    }

    @Test func anUnchangedBodyIsNeverHighlightedTwice() async throws {
        let site = try site("```swift\nlet x = 1\n```\n")
        var options = site.options()
        options.writeMode = .inPlace
        var memo = BuildMemo()
        let pipeline = BuildPipeline(options: options, reporter: SilentReporter())
        _ = try await pipeline.run(.unknown, memo: &memo)
        let first = try #require(memo.model.bodies.entries["notes/n.md"]?.item.body)
        // A rebuild that reads every file again (settings untouched) takes the body from the memo.
        _ = try await pipeline.run(.unknown, memo: &memo)
        let second = try #require(memo.model.bodies.entries["notes/n.md"]?.item.body)
        #expect(first === second, "the same rendered body, not a new one")
        #expect(first.html.contains("hl-keyword"))
    }
}
