import CellarMarkdown
import Testing

/// Definition lists as Hugo's Goldmark writes them, and ids for their terms (`autoDefinitionTermID`).
@Suite struct DefinitionListTests {
    private func render(_ source: String, _ extra: MarkdownOptions = [.definitionLists]) -> String {
        var options = MarkdownOptions.default.union(extra)
        options.anchorStyle = .github
        return MarkdownRenderer(options: options).render(source).html
    }

    @Test func termsAndDefinitionsMakeOneList() {
        let html = render("`draft`\n: Whether the page is *left out*\nof the build.\n\nweight\n: Its order.\n: Lower first.\n\nAfter.\n")
        #expect(html == "<dl>\n<dt>\n<code>draft</code>\n</dt>\n<dd>\nWhether the page is <em>left out</em>\nof the build.\n</dd>\n<dt>\nweight\n</dt>\n<dd>\nIts order.\n</dd>\n<dd>\nLower first.\n</dd>\n</dl>\n<p>After.</p>\n")
    }

    @Test func termsTakeIdsLikeHeadingsWhenAsked() {
        let html = render("## Draft\n\n`draft`\n: Yes or no.\n\nTitle case style\n: How.\n", [.definitionLists, .definitionTermIDs])
        #expect(html.contains("<dt id=\"draft-1\">\n<code>draft</code>\n</dt>"))
        #expect(html.contains("<dt id=\"title-case-style\">"))
    }

    @Test func withoutTheOptionOrTheShapeItIsAParagraph() {
        #expect(render("a\n: b\n", []) == "<p>a\n: b</p>\n")
        #expect(render(": no term\n") == "<p>: no term</p>\n")
        #expect(render("Ratio 1:2\nand more\n") == "<p>Ratio 1:2\nand more</p>\n")
    }
}
