import CellarMarkdown
import Testing

/// GFM extended autolinks: `www.`, `http(s)://`, `ftp://` and e-mail addresses.
@Suite struct AutolinkTests {
    @Test(arguments: [
        ("Visit www.commonmark.org/help now.",
         "<p>Visit <a href=\"http://www.commonmark.org/help\">www.commonmark.org/help</a> now.</p>\n"),
        ("See https://example.org/a?b=c, then.",
         "<p>See <a href=\"https://example.org/a?b=c\">https://example.org/a?b=c</a>, then.</p>\n"),
        ("(www.google.com/search?q=Markup+(business))",
         "<p>(<a href=\"http://www.google.com/search?q=Markup+(business)\">www.google.com/search?q=Markup+(business)</a>)</p>\n"),
        ("www.google.com/search?q=commonmark&hl;",
         "<p><a href=\"http://www.google.com/search?q=commonmark\">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n"),
        ("Mail foo.bar+baz@example.co.uk.",
         "<p>Mail <a href=\"mailto:foo.bar+baz@example.co.uk\">foo.bar+baz@example.co.uk</a>.</p>\n"),
        ("ftp://files.example.org/x.tgz", "<p><a href=\"ftp://files.example.org/x.tgz\">ftp://files.example.org/x.tgz</a></p>\n"),
        ("www.commonmark.org/he<lp", "<p><a href=\"http://www.commonmark.org/he\">www.commonmark.org/he</a>&lt;lp</p>\n"),
        ("*www.example.org*", "<p><em><a href=\"http://www.example.org\">www.example.org</a></em></p>\n"),
    ])
    func linksAreFound(_ source: String, _ expected: String) {
        #expect(html(source) == expected)
    }

    @Test(arguments: [
        "xwww.example.org", "www.under_score.org is not a host", "www.a.b_c", "hello@mail+xyz.example isn't valid",
        "a.b-c_d@a.b-", "mailto me: @example.org", "javascript://alert(1)", "http://",
    ])
    func notALink(_ source: String) {
        #expect(!html(source).contains("<a "))
    }

    @Test func neverInsideLinksCodeOrRawHTML() {
        #expect(html("[www.example.org](https://x.org)") == "<p><a href=\"https://x.org\">www.example.org</a></p>\n")
        #expect(html("`http://example.org`") == "<p><code>http://example.org</code></p>\n")
        #expect(html("<a href=\"/x\">www.example.org</a>", [.allExtensions, .allowRawHTML])
                == "<p><a href=\"/x\">www.example.org</a></p>\n")
        #expect(html("An <img src=\"http://example.org/x.png\">", [.allExtensions, .allowRawHTML])
                == "<p>An <img src=\"http://example.org/x.png\"></p>\n")
        #expect(html("```\nwww.example.org\n```\n") == "<pre><code>www.example.org\n</code></pre>\n")
    }

    @Test func smartPunctuationDoesNotChangeALinksTarget() {
        let rendered = html("\"See https://example.org/it's--here...\"", [.allExtensions, .smartPunctuation])
        #expect(rendered == "<p>“See <a href=\"https://example.org/it&#x27;s--here\">https://example.org/it's--here</a>…”</p>\n")
    }

    @Test func linksFoundInTextAreReportedAsReferences() {
        let references = MarkdownRenderer().render("Intro\n\nsee www.example.org and me@example.org\n").references
        #expect(references.map(\.destination) == ["http://www.example.org", "mailto:me@example.org"])
        #expect(references.map(\.line) == [3, 3])
    }

    @Test func theExtensionCanBeSwitchedOff() {
        #expect(html("www.example.org", MarkdownOptions.allExtensions.subtracting(.autolink)) == "<p>www.example.org</p>\n")
    }

    // MARK: - Hostile input

    @Test func longRunsStayLinear() {
        expectLinear({ String(repeating: "a@", count: $0) + "b.c" }, size: 20_000)
        expectLinear({ String(repeating: "http://", count: $0) }, size: 20_000)
        expectLinear({ "www.x.org/" + String(repeating: ")", count: $0) }, size: 20_000)
        expectLinear({ "www.x.org/" + String(repeating: "&a;", count: $0) }, size: 20_000)
        expectLinear({ String(repeating: "www.a_ ", count: $0) }, size: 20_000)
        expectLinear({ String(repeating: "www.x.org ", count: $0) }, size: 5_000)
    }
}
