@testable import CellarMarkdown
import Testing

/// Shortcode calls in Markdown bodies (Hugo's `{{< name args >}}`): found where they are text,
/// never in code; their HTML put in place; a call alone on its line replacing its paragraph; a
/// paired call's content rendered as Markdown between its two halves.
@Suite struct ShortcodeTests {
    private let renderer = MarkdownRenderer()

    /// Renders `source`, answering each call with `answer` and recording the calls.
    private func render(_ source: String, _ answer: @escaping (ShortcodeCall) -> ShortcodeOutput? = { call in
        call.isPaired ? .wrap(before: "<aside class=\"\(call.name)\">", after: "</aside>") : .html("<b>\(call.name)</b>")
    }) -> (html: String, calls: [ShortcodeCall], document: MarkdownDocument) {
        var calls: [ShortcodeCall] = []
        let document = renderer.render(source, shortcode: { call in
            calls.append(call)
            return answer(call)
        })
        return (document.html, calls, document)
    }

    @Test func aCallInATextIsReplacedInPlaceWithItsArguments() {
        let (html, calls, _) = render("Watch é {{< video src=\"/clips/a.mp4\" caption=\"A \\\"long\\\" *take*\" 42 raw=`x y` >}} now.")
        #expect(html == "<p>Watch é <b>video</b> now.</p>\n")
        #expect(calls == [ShortcodeCall(name: "video", arguments: [
            ShortcodeArgument(name: "src", value: "/clips/a.mp4", line: 1, column: 23, quoted: true, nameLine: 1, nameColumn: 19),
            ShortcodeArgument(name: "caption", value: "A \"long\" *take*", line: 1, column: 46, quoted: true, nameLine: 1, nameColumn: 38),
            ShortcodeArgument(name: nil, value: "42", line: 1, column: 66, quoted: false),
            ShortcodeArgument(name: "raw", value: "x y", line: 1, column: 73, quoted: true, nameLine: 1, nameColumn: 69),
        ], line: 1, column: 9, isPaired: false,
           text: "{{< video src=\"/clips/a.mp4\" caption=\"A \\\"long\\\" *take*\" 42 raw=`x y` >}}")])
    }

    @Test func argumentsAreReadAsHugosLexerReadsThem() {
        let (_, calls, _) = render("{{< figure src= \"a.png\" alt =`raw \\n \"x\"` title = \"T\" data.x=1 >}}")
        #expect(calls.first?.arguments.map { [$0.name ?? "-", $0.value, $0.quoted ? "quoted" : "bare"] } == [
            ["src", "a.png", "quoted"], ["alt", "raw \\n \"x\"", "quoted"], ["title", "T", "quoted"], ["data.x", "1", "bare"],
        ])
        let positional = ShortcodeCall.parse(inside: "gist user 123 \"a file.go\" /")
        #expect(positional?.call.arguments.map(\.value) == ["user", "123", "a file.go"])
        #expect(positional?.selfClosing == true)
        #expect(ShortcodeCall.parse(inside: "/ note ")?.isClosing == true)
        #expect(ShortcodeCall.parse(inside: "x a=\"open") == nil)
    }

    @Test func aCallAloneOnItsLineReplacesItsParagraph() {
        #expect(render("Intro.\n\n{{< figure src=\"a.png\" >}}\n\nAfter.\n").html
                == "<p>Intro.</p>\n<b>figure</b>\n<p>After.</p>\n")
        #expect(render("Intro.\n{{< figure src=\"a.png\" >}}\nAfter.\n").html
                == "<p>Intro.</p>\n<b>figure</b>\n<p>After.</p>\n")
        #expect(render("> {{< figure >}}\n").html == "<blockquote>\n<b>figure</b>\n</blockquote>\n")
    }

    @Test(arguments: [
        ("`{{< video >}}` and ``a {{< x >}} ` b``", "<p><code>{{&lt; video &gt;}}</code> and <code>a {{&lt; x &gt;}} ` b</code></p>\n"),
        ("```\n{{< video >}}\n```\n", "<pre><code>{{&lt; video &gt;}}\n</code></pre>\n"),
        ("    {{< video >}}\n", "<pre><code>{{&lt; video &gt;}}\n</code></pre>\n"),
        ("<div>\n{{< video >}}\n</div>\n", "<!-- raw HTML omitted -->\n"),
        ("\\`{{< video >}}\\`", "<p>`<b>video</b>`</p>\n"),
    ])
    func callsInCodeAreLeftAsTheyAre(_ source: String, _ html: String) {
        #expect(render(source).html == html)
    }

    @Test func aPairedCallWrapsItsContentRenderedAsMarkdown() {
        let tight = render("{{< note type=\"tip\" >}}\nSome *text*.\n{{< /note >}}\n")
        #expect(tight.html == "<aside class=\"note\">\n<p>Some <em>text</em>.</p>\n</aside>\n")
        #expect(tight.calls.map(\.isPaired) == [true])
        let loose = render("Before.\n\n{{< note >}}\n\n- one\n- {{< badge >}}\n\n{{< /note >}}\n\nAfter.")
        #expect(loose.html == "<p>Before.</p>\n<aside class=\"note\">\n<ul>\n<li>one</li>\n<li><b>badge</b></li>\n</ul>\n</aside>\n<p>After.</p>\n")
        #expect(render("{{< details >}}{{< note >}}x{{< /note >}}{{< /details >}}").html
                == "<p><aside class=\"details\"><aside class=\"note\">x</aside></aside></p>\n")
    }

    @Test func hugosEscapePrintsTheCallAsWritten() {
        let (html, calls, _) = render("Write {{</* video src=\"a.mp4\" */>}} to embed.")
        #expect(html == "<p>Write {{&lt; video src=“a.mp4” &gt;}} to embed.</p>\n")
        #expect(calls.isEmpty)
    }

    @Test func aCallNobodyAnswersStaysAsWritten() {
        #expect(render("A {{< mystery x=1 >}} B", { _ in nil }).html == "<p>A {{&lt; mystery x=1 &gt;}} B</p>\n")
    }

    @Test func placesElsewhereOnTheLineAreKept() {
        var columns: [Int] = []
        _ = renderer.render("{{< x a=\"é\" >}} [a](b.md)\n", rewrite: { reference in
            columns.append(reference.column)
            return nil
        }, shortcode: { _ in .html("") })
        #expect(columns == [21])
    }

    @Test func aCallOverSeveralLinesKeepsTheLinesAfterIt() {
        let (html, calls, document) = render("{{< figure\n  src=\"a.png\"\n  alt=\"A\" >}}\n\n## Next\n")
        #expect(html == "<b>figure</b>\n<h2 id=\"next\">\nNext\n</h2>\n")
        #expect(calls.first?.arguments.map { "\($0.name ?? "")@\($0.line):\($0.column)" } == ["src@2:7", "alt@3:7"])
        #expect(document.headings.map(\.text) == ["Next"])
    }

    @Test func callsThatCannotBeReadAreProblemsAtTheirPlace() {
        let (html, calls, document) = render("One {{< video src=\"a.mp4 >}}\n\n{{< >}}\n\nx {{< /note >}}\n\n{{< video\n")
        #expect(calls.isEmpty, "none of them is a call: a stray closing tag is not offered either")
        #expect(document.shortcodeProblems == [
            MarkdownShortcodeProblem(kind: .unclosedQuote, line: 1, column: 19),
            MarkdownShortcodeProblem(kind: .missingName, line: 3, column: 1),
            MarkdownShortcodeProblem(kind: .unclosedCall, line: 7, column: 1),
            MarkdownShortcodeProblem(kind: .strayClosing("note"), line: 5, column: 3),
        ])
        #expect(html.contains("<p>One {{&lt; video src=“a.mp4 &gt;}}</p>"))
    }

    @Test func theSummaryLeavesShortcodesOut() {
        let (_, _, document) = render("A {{< x >}} b.")
        #expect(document.firstParagraph == "A  b.")
    }

    @Test func withoutAHandlerCallsAreText() {
        #expect(renderer.render("{{< video >}}").html == "<p>{{&lt; video &gt;}}</p>\n")
    }
}
