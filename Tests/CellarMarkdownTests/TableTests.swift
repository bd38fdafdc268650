import CellarMarkdown
import Testing

/// GFM pipe tables.
@Suite struct TableTests {
    @Test func alignmentComesFromTheDelimiterRow() {
        #expect(html("| a | b | c | d |\n| :-- | :-: | --: | --- |\n| 1 | 2 | 3 | 4 |\n") == """
            <table>
            <thead>
            <tr>
            <th align="left">a</th>
            <th align="center">b</th>
            <th align="right">c</th>
            <th>d</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">1</td>
            <td align="center">2</td>
            <td align="right">3</td>
            <td>4</td>
            </tr>
            </tbody>
            </table>

            """)
    }

    @Test func aSetextUnderlineIsAHeadingEvenBesideATable() {
        let source = "| a |\n| - |\n| 1 |\n\nUsage\n---\n\nText\n  ---  \n\nOne | col\n-|-\n"
        let rendered = html(source)
        #expect(rendered.contains("<h2 id=\"usage\">\nUsage\n</h2>\n<h2 id=\"text\">\nText\n</h2>\n"))
        #expect(rendered.components(separatedBy: "<table>").count == 3)
    }

    @Test func cellsHoldInlineMarkdownAndUseTheBodysLinkDefinitions() {
        let source = "| *em* | [docs][d] |\n| --- | --- |\n| `code` | **b** ![i](p.png) |\n\n[d]: https://example.org/docs\n"
        #expect(html(source).contains("<th><em>em</em></th>\n<th><a href=\"https://example.org/docs\">docs</a></th>"))
        #expect(html(source).contains("<td><code>code</code></td>\n<td><strong>b</strong> <img src=\"p.png\" alt=\"i\" /></td>"))
    }

    @Test func escapedPipesStayInTheirCellEvenInsideCode() {
        let rendered = html("| a | b |\n| - | - |\n| `x \\| y` | 1 \\| 2 |\n| `c|d` | e |\n")
        #expect(rendered.contains("<td><code>x | y</code></td>\n<td>1 | 2</td>"))
        // An unescaped pipe splits the row before code spans are parsed, as GFM does.
        #expect(rendered.contains("<td>`c</td>\n<td>d`</td>"))
    }

    @Test func shortRowsAreFilledAndLongRowsCut() {
        let rendered = html("| a | b |\n| - | -: |\n| 1 |\n| 1 | 2 | 3 |\n")
        #expect(rendered.contains("<tr>\n<td>1</td>\n<td align=\"right\"></td>\n</tr>\n<tr>\n<td>1</td>\n<td align=\"right\">2</td>\n</tr>"))
        #expect(!rendered.contains("3"))
    }

    @Test func headerAndDelimiterMustHaveAsManyCells() {
        #expect(html("| a | b |\n| - |\n| c |\n") == "<p>| a | b |\n| - |\n| c |</p>\n")
    }

    @Test func aTableMayInterruptAParagraph() {
        #expect(html("Intro line\n| a |\n| - |\n").hasPrefix("<p>Intro line</p>\n<table>\n<thead>\n<tr>\n<th>a</th>"))
    }

    @Test func aTableEndsAtABlankLineOrAnotherBlock() {
        #expect(html("| a |\n| - |\n| b |\n> quote\n").hasSuffix("</table>\n<blockquote>\n<p>quote</p>\n</blockquote>\n"))
        #expect(html("| a |\n| - |\n| b |\n\nafter\n").hasSuffix("</table>\n<p>after</p>\n"))
        #expect(html("| a |\n| - |\n| b |\n- item\n").hasSuffix("</table>\n<ul>\n<li>item</li>\n</ul>\n"))
        // A line that is only a paragraph's continuation elsewhere is a row here.
        #expect(html("| a |\n| - |\nplain\n").contains("<td>plain</td>"))
    }

    @Test func noTableInsideCodeOrHTMLBlocks() {
        #expect(html("```\n| a |\n| - |\n```\n") == "<pre><code>| a |\n| - |\n</code></pre>\n")
        #expect(html("    | a |\n    | - |\n") == "<pre><code>| a |\n| - |\n</code></pre>\n")
        #expect(html("<div>\n| a |\n| - |\n</div>\n", [.allExtensions, .allowRawHTML]) == "<div>\n| a |\n| - |\n</div>\n")
    }

    @Test func tablesInsideBlockQuotesAndListItems() {
        #expect(html("> | a |\n> | - |\n> | b |\n") == """
            <blockquote>
            <table>
            <thead>
            <tr>
            <th>a</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>b</td>
            </tr>
            </tbody>
            </table>
            </blockquote>

            """)
        let list = html("1. Steps:\n\n   | a |\n   | - |\n   | b |\n2. Next\n")
        #expect(list.contains("<li>\n<p>Steps:</p>\n<table>"))
        #expect(list.contains("</table>\n</li>\n<li>\n<p>Next</p>\n</li>"))
    }

    @Test func aLazyLineEndsATableInABlockQuoteAndMayStartAnother() {
        let rendered = html("> | a |\n> | - |\nlazy\n| b |\n| - |\n")
        #expect(rendered.contains("</table>\n</blockquote>\n<p>lazy</p>\n<table>\n<thead>\n<tr>\n<th>b</th>"))
    }

    @Test func smartPunctuationLeavesTheDelimiterRowAlone() {
        let rendered = html("| \"Quote\" -- dash |\n| --- |\n| it's... |\n", [.allExtensions, .smartPunctuation])
        #expect(rendered.contains("<th>“Quote” – dash</th>"))
        #expect(rendered.contains("<td>it’s…</td>"))
        #expect(!rendered.contains("—"))
    }

    @Test func tablesScrollInALabelledFocusableBoxByDefault() {
        let rendered = MarkdownRenderer().render("| Name | \"Price\" & a < b |\n| - | - |\n| Tea | 3 |\n").html
        #expect(rendered.hasPrefix("""
            <div class="table-scroll" role="group" tabindex="0" aria-label="Table: Name, “Price” &amp; a &lt; b">
            <table>
            """))
        #expect(rendered.hasSuffix("</table>\n</div>\n"))
        #expect(MarkdownRenderer().render("| |\n| - |\n").html.contains("aria-label=\"Table\""))
    }

    @Test func linksInCellsKeepTheirPlaceInTheSource() {
        let source = "Intro\n\n| Page | Link |\n| --- | --- |\n| Home | [home](index.md) |\n| Crème | [x](a.md) [y](a.md) |\n"
        let references = MarkdownRenderer().render(source).references.map { "\($0.destination) \($0.line):\($0.column)" }
        #expect(references == ["index.md 5:17", "a.md 6:15", "a.md 6:25"])   // columns in characters: è is one
    }

    @Test func windowsLineEndingsAndAByteOrderMarkChangeNothing() {
        let unix = "# Title\n\n| a | [l](x.md) |\n| - | - |\n| 1 | 2 |\n\nText[^1].\n\n[^1]: Note.\n"
        let windows = "\u{FEFF}" + unix.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = MarkdownRenderer().render(unix)
        let rendered = MarkdownRenderer().render(windows)
        #expect(rendered.html == expected.html)
        #expect(rendered.references == expected.references)
        #expect(rendered.headings == expected.headings)
    }

    @Test func theExtensionCanBeSwitchedOff() {
        #expect(html("| a |\n| - |\n", []) == "<p>| a |\n| - |</p>\n")
        #expect(html("| a |\n| - |\n", MarkdownOptions.allExtensions.subtracting(.table)) == "<p>| a |\n| - |</p>\n")
    }

    // MARK: - Hostile input

    @Test func hugeTablesRenderInLinearTime() {
        expectLinear({ rows in
            "| " + (1...20).map { "h\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: 20) + "\n"
                + String(repeating: "| " + (1...20).map { "*c\($0)*" }.joined(separator: " | ") + " |\n", count: rows)
        }, size: 500)
        let wide = "|" + String(repeating: " a |", count: 5_000) + "\n|" + String(repeating: "-|", count: 5_000) + "\n"
        #expect(html(wide).components(separatedBy: "<th>").count == 5_001)
    }

    @Test func rowsOfPipesAndRowsOfDelimitersDoNotHang() {
        let pipes = String(repeating: "|", count: 50_000)
        #expect(seconds { _ = html(pipes + "\n" + pipes + "\n") } < 5)
        let delimiters = String(repeating: "| - |\n", count: 5_000)
        let rendered = html(delimiters)
        #expect(rendered.hasPrefix("<table>\n<thead>\n<tr>\n<th>-</th>"))
        #expect(rendered.components(separatedBy: "<tr>").count == 5_000)   // a header and 4,998 rows
    }
}

/// Cellar's own table markup: alignment as styles (HTML5 calls `align` obsolete).
@Suite struct TableAlignmentStyleTests {
    @Test func alignmentIsAStyleWhenAsked() {
        let markdown = "| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n"
        let styled = html(markdown, [.allExtensions, .alignmentStyles])
        #expect(styled.contains("<th style=\"text-align: left\">a</th>"))
        #expect(styled.contains("<td style=\"text-align: center\">2</td>"))
        #expect(styled.contains("<td style=\"text-align: right\">3</td>"))
        #expect(styled.contains("<td>4</td>"))
        #expect(!styled.contains("align=\""))
        #expect(html(markdown).contains("<td align=\"center\">2</td>"), "GFM's form without the option")
    }
}
