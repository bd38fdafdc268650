import CellarDiagnostics
import CellarHighlight
import Testing

@Suite struct CodeBlockAttributesTests {
    @Test func hugosExample() {
        let attributes = CodeBlockAttributes(parsing: #"{linenos=true hl_lines=[2,"4-5"] linenostart=10}"#)
        #expect(attributes.problems == [])
        #expect(attributes.options == CodeBlockOptions(lineNumbers: .table, firstLineNumber: 10, markedLines: [2...2, 4...5]))
    }

    @Test(arguments: [
        ("{linenos=table}", LineNumberStyle?.some(.table)),
        ("{linenos=inline}", .inline),
        ("{linenos=\"inline\"}", .inline),
        ("{linenos='table'}", .table),
        ("{lineNos=TRUE}", .table),
        ("{linenos=false}", nil),
        ("", nil),
        ("title=\"x\"", nil),
    ])
    func lineNumberStyles(_ text: String, _ style: LineNumberStyle?) {
        let attributes = CodeBlockAttributes(parsing: text)
        #expect(attributes.problems == [])
        #expect(attributes.options.lineNumbers == style)
    }

    @Test(arguments: [
        (#"{hl_lines=[2,"4-5"]}"#, [2...2, 4...5]),
        (#"{hl_lines="2 4-5"}"#, [2...2, 4...5]),
        (#"{hl_lines=["1-3", 7]}"#, [1...3, 7...7]),
        ("{hl_lines=3-4}", [3...4]),
        ("{hl_lines=8,linenos=table}", [8...8]),
        ("{linenos=table,hl_lines=[8,\"15-17\"],linenostart=199}", [8...8, 15...17]),
    ])
    func markedLines(_ text: String, _ lines: [ClosedRange<Int>]) {
        let attributes = CodeBlockAttributes(parsing: text)
        #expect(attributes.problems == [])
        #expect(attributes.options.markedLines == lines)
    }

    @Test func malformedValuesAreReportedWhereTheyAre() {
        let attributes = CodeBlockAttributes(parsing: #"{linenos=yes linenostart=ten hl_lines=[2,"x",5-3]}"#)
        #expect(attributes.problems == [
            HighlightProblem(.malformedOption, "'linenos' must be true, false, table or inline, found \"yes\"", offset: 9),
            HighlightProblem(.malformedOption, "'linenostart' must be a whole number from 0, found \"ten\"", offset: 25),
            HighlightProblem(.malformedOption, #"'hl_lines' must list line numbers and ranges such as [2,"4-5"], found "x""#, offset: 42),
            HighlightProblem(.malformedOption, #"'hl_lines' must list line numbers and ranges such as [2,"4-5"], found "5-3""#,
                             hint: "a range starts at its lower line: write \"3-5\"", offset: 45),
        ])
        #expect(attributes.options.markedLines == [2...2], "the valid parts are kept")
        #expect(attributes.options.lineNumbers == nil)
    }

    @Test func unknownAndIgnoredOptions() {
        let attributes = CodeBlockAttributes(parsing: "{lineno=table style=monokai .wide}")
        #expect(attributes.problems == [
            HighlightProblem(.unknownOption, "unknown code block option 'lineno'; did you mean 'linenos'?",
                             hint: "the options are linenos, linenostart and hl_lines", offset: 1),
            HighlightProblem(.ignoredOption, "'style' has no effect",
                             hint: "Cellar highlights with CSS classes: style the hl-* classes in the theme", offset: 14),
            HighlightProblem(.ignoredOption, "'.wide' has no effect",
                             hint: "code blocks take no classes or ids; the options are linenos, linenostart and hl_lines", offset: 28),
        ])
        #expect(attributes.options == CodeBlockOptions())
    }

    @Test(arguments: [
        ("{linenos=table", "the code block options are not closed", 0),
        (#"{hl_lines=[1,2}"#, "the value of 'hl_lines' is not closed", 10),
        (#"{linenostart="5}"#, "the value of 'linenostart' is not closed", 13),
        ("{linenos}", "'linenos' has no value", 1),
        ("{=3 linenos=table}", "unexpected '=' in the code block options", 1),
    ])
    func structuralMistakes(_ text: String, _ message: String, _ offset: Int) {
        let attributes = CodeBlockAttributes(parsing: text)
        #expect(attributes.problems.map(\.message) == [message])
        #expect(attributes.problems.first?.offset == offset)
        #expect(attributes.problems.first?.kind == .malformedOption)
    }

    @Test func repeatedOptionsKeepTheLast() {
        let attributes = CodeBlockAttributes(parsing: "{linenos=table linenos=inline}")
        #expect(attributes.options.lineNumbers == .inline)
        #expect(attributes.problems.map(\.message) == ["'linenos' is given twice; the last one counts"])
    }

    @Test func offsetsCountUnicodeScalars() {
        let attributes = CodeBlockAttributes(parsing: "é {ü=1}")
        #expect(attributes.problems.first?.offset == 3)
    }

    @Test func problemsBecomeLocatedWarnings() {
        let problem = CodeBlockAttributes(parsing: "{linenos=yes}").problems[0]
        let diagnostic = problem.diagnostic(attributesAt: SourceLocation(file: "content/posts/a.md", line: 12, column: 10))
        #expect(diagnostic.description == "content/posts/a.md:12:19: warning: 'linenos' must be true, false, table or inline, found \"yes\"")
    }

    @Test func markedLinesPastTheEndAreReportedByTheHighlighter() {
        let block = testHighlighter.highlight("a\nb\n", language: "text", attributes: "{hl_lines=[2,5]}")
        #expect(block.problems == [
            HighlightProblem(.lineOutOfRange, "hl_lines marks line 5, but the block has 2 lines",
                             hint: "hl_lines counts from the block's first line, whatever linenostart says", offset: 10),
        ])
        #expect(block.html.contains("<span class=\"hl-line hl-marked\">b\n</span>"))
    }

    @Test func aWholeInfoStringIsSplitIntoLanguageAndAttributes() {
        let block = testHighlighter.highlight("let x = 1\n", info: "  swift {linenos=inline hl_lines=[9]}")
        #expect(block.language == testHighlighter.lookUp("swift"))
        #expect(block.html.contains("data-ln=\"1\""))
        #expect(block.problems.map(\.offset) == [33], "offsets count from the start of the info string (here the `[` of hl_lines)")
        #expect(testHighlighter.highlight("x\n", info: "yaml{linenos=table}").html.hasPrefix("<div class=\"highlight-table\">"))
        #expect(testHighlighter.highlight("x\n", info: "").language == .plainText)
    }
}
