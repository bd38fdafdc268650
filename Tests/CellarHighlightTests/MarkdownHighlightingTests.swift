import CellarHighlight
import Testing

@Suite struct MarkdownHighlightingTests {
    @Test func blocksAndInlineMarkup() {
        let html = highlighted("# Title\n\nSome *em*, **strong**, `code` and [a link](https://x.org).\n> quote\n- item\n", "md")
        #expect(html.contains(span("section", "# Title")))
        #expect(html.contains(span("emphasis", "*em*") + ", " + span("strong", "**strong**")))
        #expect(html.contains(span("string", "`code`")))
        #expect(html.contains(span("link", "[a link]") + span("url", "(https://x.org)")))
        #expect(html.contains(span("comment", "&gt; ") + "quote"))
        #expect(html.contains(span("symbol", "-") + " item"))
    }

    @Test func fencedCodeIsNotMarkdown() {
        let html = highlighted("```swift\nlet x = \"*not em*\"\n```\nafter *em*\n", "markdown")
        #expect(html.contains(span("preproc", "```swift") + "\n" + span("string", "let x = &quot;*not em*&quot;") + "\n" + span("preproc", "```")))
        #expect(html.contains(span("emphasis", "*em*")))
    }
}
