@testable import CellarMarkdown
import Testing

/// GFM strikethrough: `~~x~~` and `~x~`.
@Suite struct StrikethroughTests {
    @Test(arguments: [
        ("~~Hi~~ Hello", "<p><del>Hi</del> Hello</p>\n"),
        ("A ~single~ one", "<p>A <del>single</del> one</p>\n"),
        ("~~**bold** and `code`~~", "<p><del><strong>bold</strong> and <code>code</code></del></p>\n"),
        ("*em ~~both~~*", "<p><em>em <del>both</del></em></p>\n"),
        ("~~a ~b~ c~~", "<p><del>a <del>b</del> c</del></p>\n"),
        ("x ~~~three~~~", "<p>x ~~~three~~~</p>\n"),
        ("No ~mismatch~~", "<p>No ~mismatch~~</p>\n"),
        ("~~a~b~~", "<p><del>a~b</del></p>\n"),
        ("not ~ flanking ~ here", "<p>not ~ flanking ~ here</p>\n"),
        ("This ~~has a\n\nnew paragraph~~.", "<p>This ~~has a</p>\n<p>new paragraph~~.</p>\n"),
        ("~~two\nlines~~", "<p><del>two\nlines</del></p>\n"),
        ("`~~code~~` ~~\\~~", "<p><code>~~code~~</code> ~~~~</p>\n"),
    ])
    func delimiterRules(_ source: String, _ expected: String) {
        #expect(html(source) == expected)
    }

    @Test func escapedTildesStayLiteral() {
        #expect(html("\\~not struck\\~ but ~~this~~") == "<p>~not struck~ but <del>this</del></p>\n")
        #expect(html("`\\~` and <span title=\"\\~\">x</span>", [.allExtensions, .allowRawHTML])
                == "<p><code>\\~</code> and <span title=\"\\~\">x</span></p>\n")
        #expect(html("[a](/x\\~y) \\~", .allExtensions) == "<p><a href=\"/x~y\">a</a> ~</p>\n")
    }

    @Test func notInCodeBlocksOrRawHTML() {
        #expect(html("    ~~no~~\n") == "<pre><code>~~no~~\n</code></pre>\n")
        #expect(html("<b title=\"~~no~~\">x</b>", [.allExtensions, .allowRawHTML]) == "<p><b title=\"~~no~~\">x</b></p>\n")
    }

    @Test func headingTextAndIDsIgnoreTheMarkup() {
        let document = MarkdownRenderer().render("## Old ~~name~~ new\n")
        #expect(document.headings == [MarkdownHeading(level: 2, id: "old-name-new", text: "Old name new")])
    }

    @Test func theExtensionCanBeSwitchedOff() {
        #expect(html("~~x~~", MarkdownOptions.allExtensions.subtracting(.strikethrough)) == "<p>~~x~~</p>\n")
    }

    // MARK: - Hostile input

    @Test func thousandsOfTildesStayLinear() {
        #expect(html("a " + String(repeating: "~", count: 100_000)) == "<p>a " + String(repeating: "~", count: 100_000) + "</p>\n")
        expectLinear({ String(repeating: "~a ", count: $0) }, size: 5_000)
        expectLinear({ String(repeating: "a~ ~~b ", count: $0) }, size: 5_000)
        expectLinear({ String(repeating: "~~a ~b *c ~d~ e* ", count: $0) }, size: 2_000)
    }
}
