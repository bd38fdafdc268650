import CellarMarkdown
import Foundation
import Testing

/// The cmark wrapper: HTML, and what Cellar learns in the same walk (summary, words, references, heading ids).
@Suite struct MarkdownRendererTests {
    private let renderer = MarkdownRenderer()

    // MARK: - Inline

    @Test(arguments: [
        ("*Dune*: Part Two", "<em>Dune</em>: Part Two"),
        ("plain", "plain"),
        ("a `b` [c](https://example.org/)", "a <code>b</code> <a href=\"https://example.org/\">c</a>"),
        ("", ""),
    ])
    func renderInlineStripsTheParagraph(_ source: String, _ html: String) {
        #expect(renderer.renderInline(source) == html)
    }

    @Test func renderInlineKeepsParagraphsWhenThereAreSeveral() {
        #expect(renderer.renderInline("one\n\ntwo") == "<p>one</p>\n<p>two</p>")
    }

    // MARK: - Options

    @Test func smartPunctuationIsOnByDefault() {
        #expect(renderer.render("\"Don't\" -- wait --- stop...").html == "<p>“Don’t” – wait — stop…</p>\n")
        #expect(MarkdownRenderer(options: []).render("\"Don't\" -- x...").html == "<p>&quot;Don't&quot; -- x...</p>\n")
    }

    @Test func rawHTMLIsDroppedUnlessAllowed() {
        let source = "<div class=\"box\">hi</div>\n\nText <b>bold</b>.\n"
        #expect(renderer.render(source).html == "<!-- raw HTML omitted -->\n<p>Text <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->.</p>\n")
        #expect(MarkdownRenderer(options: [.allowRawHTML]).render(source).html == "<div class=\"box\">hi</div>\n<p>Text <b>bold</b>.</p>\n")
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox", "data:text/html,<script>x</script>"])
    func dangerousLinksAreDroppedInSafeMode(_ target: String) {
        let html = renderer.render("[click](\(target))").html
        #expect(html == "<p><a href=\"\">click</a></p>\n")
    }

    @Test func dangerousLinksPassWhenRawHTMLIsAllowed() {
        let html = MarkdownRenderer(options: [.allowRawHTML]).render("[click](javascript:alert(1))").html
        #expect(html == "<p><a href=\"javascript:alert(1)\">click</a></p>\n")
    }

    // MARK: - What the walk learns

    @Test func firstParagraphIsPlainTextWithWhitespaceCollapsed() {
        let document = renderer.render("# Title\n\nFirst *para*\ngraph with `code`.\n\nSecond paragraph.\n")
        #expect(document.firstParagraph == "First para graph with code.")
    }

    @Test func noParagraphNoSummary() {
        #expect(renderer.render("# Only a heading\n").firstParagraph == "")
    }

    @Test(arguments: [
        ("One two three.", 3),
        ("One two three.\n\n```\nlet x = 1\n```\n", 7),
        ("Don't stop", 2),                     // smart quotes split the text node; still one word
        ("*emph*asis and `code` here", 4),
        ("", 0),
    ])
    func wordsAreCounted(_ source: String, _ words: Int) {
        #expect(renderer.render(source).wordCount == words)
    }

    @Test func headingsGetUniqueIDs() {
        let document = renderer.render("# Intro\n\n## Intro\n\n## Intro\n\n### Getting *started*!\n")
        #expect(document.headingIDs == ["intro", "intro-1", "intro-2", "getting-started"])
        // (cmark writes the custom heading blocks with line breaks inside; only the markup matters here)
        #expect(document.html.replacingOccurrences(of: "\n", with: "") == """
            <h1 id="intro">Intro</h1><h2 id="intro-1">Intro</h2><h2 id="intro-2">Intro</h2>\
            <h3 id="getting-started">Getting <em>started</em>!</h3>
            """)
    }

    @Test func headingIDsStayUniqueWhenATitleLooksLikeASuffixedOne() {
        let ids = renderer.render("## Intro 1\n\n## Intro\n\n## Intro\n").headingIDs
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        #expect(ids.first == "intro-1")
    }

    @Test(arguments: [("## Crème brûlée", "crème-brûlée"), ("## ???", "section"), ("## snake_case  and  more", "snake_case-and-more")])
    func headingIDsAreLowerCaseWordsJoinedByHyphens(_ source: String, _ id: String) {
        #expect(renderer.render(source).headingIDs == [id])
    }

    @Test func referencesAreReportedWithTheirLineAndColumn() {
        let source = """
            Intro with [a link](other.md) here.

            ![Poster](poster.jpg "The poster") and ![](blank.png)

            Crème [x](a.md) then [x](a.md) again.
            """
        let references = renderer.render(source).references.map {
            "\($0.kind) \($0.destination) \($0.line):\($0.column)\($0.hasEmptyAlt ? " empty-alt" : "")"
        }
        #expect(references == [
            "link other.md 1:21",
            "image poster.jpg 3:11",
            "image blank.png 3:44 empty-alt",
            "link a.md 5:11",
            "link a.md 5:26",
        ])
    }

    @Test func referencesAreRewrittenByTheClosure() {
        var seen: [String] = []
        let document = renderer.render("[a](other.md) [b](https://example.org/) ![c](c.png)") { reference in
            seen.append(reference.destination)
            switch reference.destination {
            case "other.md": return "/blog/other/"
            case "c.png": return "/blog/post/c.png"
            default: return nil
            }
        }
        #expect(seen == ["other.md", "https://example.org/", "c.png"])
        #expect(document.html == "<p><a href=\"/blog/other/\">a</a> <a href=\"https://example.org/\">b</a> <img src=\"/blog/post/c.png\" alt=\"c\" /></p>\n")
        // The references keep what was written.
        #expect(document.references.map(\.destination) == ["other.md", "https://example.org/", "c.png"])
    }
}
