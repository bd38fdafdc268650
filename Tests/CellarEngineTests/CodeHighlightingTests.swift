@testable import CellarEngine
import CellarHighlight
import CellarMarkdown
import CellarSiteTestSupport
import Foundation
import Synchronization
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

    /// A clock that charges every block half a second of CPU time (read once before, once after).
    private static func halfSecondPerBlock() -> HighlightClock {
        let reads = Atomic<Int64>(0)
        return HighlightClock { .milliseconds(500 * reads.add(1, ordering: .relaxed).newValue) }
    }

    @Test func onceAFilesHighlightingTimeIsSpentTheRestIsPlainWithAWarningAtTheFirstPlainBlock() async throws {
        let fence = { (code: String) in "```swift\n\(code)\n```\n\n" }
        let site = try site(fence("let a = 1") + fence("let b = 2") + fence("let c = 3") + fence("let d = 4") + fence("let e = 5"),
                            settings: "markdown: {highlight_seconds_per_file: 1.2}\n")
        var options = site.options()
        options.highlightClock = Self.halfSecondPerBlock()
        let report = try await SiteBuilder(options: options).build()
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/notes/n.md:16:4: warning: the code blocks of this file took 1.2 s of CPU time to colour, all they may take: "
                + "this block and the 1 after it are shown as plain code; the slowest is content/notes/n.md:4 (swift, 500 ms)\n"
                + "  hint: allow more with `markdown: {highlight_seconds_per_file: …}` in content/_index.md, "
                + "or write `text` after the fence of a block that needs no colours",
        ])
        let page = try site.page("notes/n/index.html")
        #expect(page.contains("<span class=\"hl-number\">3</span>"), "the block the file's time ran out in was done by then")
        #expect(page.contains("<code>let d = 4\n</code>"))
        #expect(page.contains("<code>let e = 5\n</code>"))
    }

    @Test func theHighlightingLimitsAreSiteSettings() throws {
        let limits = SiteConfigLoader.highlightLimits([
            "highlight_seconds_per_block": TypedField(.number(0.5), at: nil),
            "highlight_seconds_per_build": TypedField(.number(300), at: nil),
        ])
        #expect(limits == HighlightLimits(perBlock: .milliseconds(500), perFile: .seconds(5), perBuild: .seconds(300)))
    }

    @Test func aHighlightingLimitOfNothingIsRefusedWhereItIsWritten() async throws {
        let site = try site("text\n", settings: "markdown: {highlight_seconds_per_build: 0}\n")
        let problems = await site.diagnostics()
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(
            "content/_index.md:4:41: error: 'markdown.highlight_seconds_per_build' must be a number of at least 0.01, found 0") == true,
            "\(problems)")
    }

    @Test func anUnchangedBodyIsNeverHighlightedTwice() async throws {
        let site = try site("```swift\nlet x = 1\n```\n")
        var options = site.options()
        options.writeMode = .inPlace
        var memo = BuildMemo()
        let pipeline = BuildPipeline(options: options, reporter: SilentReporter())
        let first = try #require(try await pipeline.run(.everything, memo: &memo).model.itemsByID["notes/n.md"]?.body)
        // A rebuild that reads the settings again (untouched) takes the body from the memo.
        let second = try #require(try await pipeline.run(.paths([site.root + "/content/_index.md"]), memo: &memo)
            .model.itemsByID["notes/n.md"]?.body)
        #expect(first === second, "the same rendered body, not a new one")
        #expect(first.html.contains("hl-keyword"))
    }
}
