import CellarMarkdown
import Testing

/// GFM's tag filter, for bodies that allow raw HTML.
@Suite struct TagFilterTests {
    private let unsafe: MarkdownOptions = [.allExtensions, .allowRawHTML, .tagFilter]

    @Test(arguments: ["script", "style", "iframe", "textarea", "title", "xmp", "noembed", "noframes", "plaintext"])
    func disallowedTagsAreEscaped(_ tag: String) {
        #expect(html("a <\(tag)>x</\(tag)> b", unsafe) == "<p>a &lt;\(tag)>x&lt;/\(tag)> b</p>\n")
        #expect(html("<\(tag.uppercased()) class=\"x\">\n", unsafe).hasPrefix("&lt;\(tag.uppercased()) class=\"x\">"))
    }

    @Test func otherTagsAndCommentsAreLeftAlone() {
        #expect(html("<strong>ok</strong> <scripts> <titled/> <!-- <script> -->", unsafe)
                == "<p><strong>ok</strong> <scripts> <titled/> <!-- &lt;script> --></p>\n")
        #expect(html("<div>\n<p>fine</p>\n</div>\n", unsafe) == "<div>\n<p>fine</p>\n</div>\n")
    }

    @Test func itCanBeSwitchedOffAndOnlyMattersWithRawHTML() {
        #expect(html("<script>x()</script>\n", [.allExtensions, .allowRawHTML]) == "<script>x()</script>\n")
        #expect(html("<script>x()</script>\n", [.allExtensions, .tagFilter]) == "<!-- raw HTML omitted -->\n")
    }

    @Test func manyTagsStayLinear() {
        expectLinear({ String(repeating: "<script><b><plaintext x>", count: $0) }, size: 5_000, options: unsafe)
    }
}
