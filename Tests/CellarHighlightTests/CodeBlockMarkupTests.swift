import CellarHighlight
import Testing

@Suite struct CodeBlockMarkupTests {
    @Test func plainBlock() {
        #expect(highlighted("a < b\n", "text") == "<pre class=\"highlight\" data-lang=\"text\"><code>a &lt; b\n</code></pre>")
        #expect(highlighted("x", "") == "<pre class=\"highlight\"><code>x\n</code></pre>", "the last line always ends with a newline")
        #expect(highlighted("", "swift") == "<pre class=\"highlight\" data-lang=\"swift\"><code></code></pre>")
        #expect(highlighted("\n", "swift") == "<pre class=\"highlight\" data-lang=\"swift\"><code>\n</code></pre>")
    }

    @Test func languageNameIsCanonicalAndEscaped() {
        #expect(highlighted("x\n", "bash").hasPrefix("<pre class=\"highlight\" data-lang=\"sh\">"))
        #expect(highlighted("x\n", "\"><script>").hasPrefix("<pre class=\"highlight\" data-lang=\"&quot;&gt;&lt;script&gt;\">"))
    }

    @Test func inlineLineNumbers() {
        let html = testHighlighter.highlight("a\nb\n", language: "text", options: CodeBlockOptions(lineNumbers: .inline, firstLineNumber: 9)).html
        #expect(html == "<pre class=\"highlight\" data-lang=\"text\"><code>"
            + "<span class=\"hl-line\"><span class=\"hl-ln\" data-ln=\"9\" aria-hidden=\"true\"></span>a\n</span>"
            + "<span class=\"hl-line\"><span class=\"hl-ln\" data-ln=\"10\" aria-hidden=\"true\"></span>b\n</span>"
            + "</code></pre>")
    }

    @Test func tableLineNumbersWithMarkedLines() {
        let html = testHighlighter.highlight("a\nb\nc\n", language: "text", attributes: "{linenos=table hl_lines=[2]}").html
        #expect(html == "<div class=\"highlight-table\"><pre class=\"hl-gutter\" aria-hidden=\"true\">"
            + "<span class=\"hl-ln\" data-ln=\"1\"></span>\n<span class=\"hl-ln hl-marked\" data-ln=\"2\"></span>\n<span class=\"hl-ln\" data-ln=\"3\"></span>\n</pre>"
            + "<pre class=\"highlight\" data-lang=\"text\"><code>"
            + "<span class=\"hl-line\">a\n</span><span class=\"hl-line hl-marked\">b\n</span><span class=\"hl-line\">c\n</span>"
            + "</code></pre></div>")
    }

    @Test func lineNumbersAreNeverText() {
        let html = testHighlighter.highlight("let a = 1\nlet b = 2\n", language: "swift", attributes: "{linenos=inline linenostart=41}").html
        #expect(EscapingTests.text(of: html) == "let a = 1\nlet b = 2\n", "copying the code copies no numbers")
    }

    @Test func highlightedLinesKeepTheirSpansInsideTheLine() {
        let html = testHighlighter.highlight("/* a\nb */ let x\n", language: "swift", attributes: "{hl_lines=[2]}").html
        #expect(html.contains("<span class=\"hl-line hl-marked\">" + span("comment", "b */") + " " + span("keyword", "let") + " x\n</span>"),
                "a comment over two lines is closed and reopened at the line break")
    }

    @Test func stylesheetStylesTheClasses() {
        let css = CodeHighlighter.stylesheet
        for selector in [".hl-keyword", ".hl-string", ".hl-comment", ".hl-ln::before", ".hl-marked", ".highlight-table", "user-select: none"] {
            #expect(css.contains(selector))
        }
    }
}
