@testable import CellarMarkdown
import Testing

/// GFM footnotes: `[^label]` references, `[^label]:` notes, numbered in order of first reference.
@Suite struct FootnoteTests {
    private let renderer = MarkdownRenderer(options: .allExtensions)

    @Test func notesAreNumberedByFirstReferenceAndGatheredAtTheEnd() {
        let source = """
            [^late]: Defined first, cited second.

            Text[^early] and more[^late].

            [^early]: Cited first.
            """
        #expect(renderer.render(source).html == """
            <p>Text<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup> \
            and more<sup class="footnote-ref"><a href="#fn-2" id="fnref-2" data-footnote-ref>2</a></sup>.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-1">
            <p>Cited first. <a href="#fnref-1" class="footnote-backref" data-footnote-backref \
            data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a></p>
            </li>
            <li id="fn-2">
            <p>Defined first, cited second. <a href="#fnref-2" class="footnote-backref" data-footnote-backref \
            data-footnote-backref-idx="2" aria-label="Back to reference 2">↩</a></p>
            </li>
            </ol>
            </section>

            """)
    }

    @Test func severalReferencesToOneNoteGetNumberedBackLinks() {
        let rendered = renderer.render("A[^n] b[^N] c[^n]\n\n[^n]: Note.\n").html
        #expect(rendered.contains("<a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a>"))
        #expect(rendered.contains("<a href=\"#fn-1\" id=\"fnref-1-2\" data-footnote-ref>1</a>"))
        #expect(rendered.contains("<a href=\"#fn-1\" id=\"fnref-1-3\" data-footnote-ref>1</a>"))
        #expect(rendered.contains("""
            <p>Note. <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" \
            aria-label="Back to reference 1">↩</a> <a href="#fnref-1-2" class="footnote-backref" data-footnote-backref \
            data-footnote-backref-idx="1-2" aria-label="Back to reference 1-2">↩<sup class="footnote-ref">2</sup></a> \
            <a href="#fnref-1-3" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1-3" \
            aria-label="Back to reference 1-3">↩<sup class="footnote-ref">3</sup></a></p>
            """))
    }

    @Test func notesHoldParagraphsCodeAndTablesByIndentation() {
        let source = "Cite[^1].\n\n[^1]: First paragraph\ncontinued lazily.\n\n    Second paragraph.\n\n        let code = 1\n\n    | a |\n    | - |\n\nNot in the note.\n"
        #expect(renderer.render(source).html == """
            <p>Cite<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>.</p>
            <p>Not in the note.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-1">
            <p>First paragraph
            continued lazily.</p>
            <p>Second paragraph.</p>
            <pre><code>let code = 1
            </code></pre>
            <table>
            <thead>
            <tr>
            <th>a</th>
            </tr>
            </thead>
            </table>
            <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a>
            </li>
            </ol>
            </section>

            """)
    }

    @Test func notesMayBeWrittenInsideQuotesAndLists() {
        let rendered = renderer.render("Q[^q] and L[^l].\n\n> [^q]: From a quote.\n\n- [^l]: From a list.\n").html
        #expect(rendered.contains("<li id=\"fn-1\">\n<p>From a quote. <a href=\"#fnref-1\""))
        #expect(rendered.contains("<li id=\"fn-2\">\n<p>From a list. <a href=\"#fnref-2\""))
    }

    @Test func anIDPrefixKeepsTwoBodiesApart() {
        let rendered = renderer.render("x[^a]\n\n[^a]: n\n", footnoteIDPrefix: "post-7-").html
        #expect(rendered.contains("<a href=\"#post-7-fn-1\" id=\"post-7-fnref-1\" data-footnote-ref>1</a>"))
        #expect(rendered.contains("<li id=\"post-7-fn-1\">"))
        #expect(rendered.contains("<a href=\"#post-7-fnref-1\" class=\"footnote-backref\""))
        #expect(renderer.render("x[^a]\n\n[^a]: n\n", footnoteIDPrefix: "\"><b>").html.contains("id=\"&quot;&gt;&lt;b&gt;fnref-1\""))
    }

    @Test func undefinedReferencesAndUnusedNotesAreReportedWhereTheyAreWritten() {
        let source = """
            Intro with [^missing] and [^used].

            | Crème | note |
            | --- | --- |
            | x | [^gone] |

            [^used]: Fine.
              [^unused]: Never cited.
            [^used]: Again.
            """
        let document = renderer.render(source)
        #expect(document.footnoteProblems == [
            MarkdownFootnoteProblem(kind: .undefinedReference, label: "missing", line: 1, column: 12),
            MarkdownFootnoteProblem(kind: .undefinedReference, label: "gone", line: 5, column: 7),
            MarkdownFootnoteProblem(kind: .unusedDefinition, label: "unused", line: 8, column: 3),
            MarkdownFootnoteProblem(kind: .duplicateDefinition, label: "used", line: 9, column: 1),
        ])
        #expect(document.html.contains("Intro with [^missing] and"))
        #expect(!document.html.contains("Never cited") && !document.html.contains("Again"))
    }

    @Test func referencesStayTextInsideCodeAndLinks() {
        let document = renderer.render("`[^a]` [see [^a]](x.md)[^a]\n\n[^a]: Note.\n")
        #expect(document.html.hasPrefix("<p><code>[^a]</code> <a href=\"x.md\">see [^a]</a><sup class=\"footnote-ref\">"))
        #expect(document.footnoteProblems.isEmpty)
    }

    @Test func aNoteMayCiteItselfOrAnotherNote() {
        let rendered = renderer.render("Start[^a].\n\n[^a]: See [^b] and [^a].\n[^b]: Deeper.\n").html
        #expect(rendered.contains("<li id=\"fn-1\">\n<p>See <sup class=\"footnote-ref\"><a href=\"#fn-2\" id=\"fnref-2\""))
        #expect(rendered.contains("and <sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1-2\" data-footnote-ref>1</a></sup>."))
        #expect(rendered.contains("<li id=\"fn-2\">\n<p>Deeper."))
    }

    @Test func linksInNotesKeepTheirPlaceInTheSource() {
        let references = renderer.render("A[^n].\n\n[^n]: See [the page](page.md)\n    and [more](more.md).\n").references
        #expect(references.map { "\($0.destination) \($0.line):\($0.column)" } == ["page.md 3:22", "more.md 4:16"])
    }

    @Test func headingIDsAndSummariesLeaveReferenceNumbersOut() {
        let document = renderer.render("## Intro[^1]\n\nFirst[^1] paragraph.\n\n[^1]: n\n")
        #expect(document.headings.map(\.id) == ["intro"])
        #expect(document.firstParagraph == "First paragraph.")
    }

    @Test func theExtensionCanBeSwitchedOff() {
        let options = MarkdownOptions.allExtensions.subtracting(.footnotes)
        #expect(html("x[^1]\n\n[^1]: two words\n", options) == "<p>x[^1]</p>\n<p>[^1]: two words</p>\n")
        // Plain CommonMark reads `[^1]: y` as a link reference definition.
        #expect(html("x[^1]\n\n[^1]: y\n", options) == "<p>x<a href=\"y\">^1</a></p>\n")
    }

    // MARK: - Hostile input

    @Test func deeplyNestedNotesDoNotHang() {
        let chain = (1...2_000).map { "[^\($0)]: " }.joined() + "end"
        let source = "x[^1]\n\n" + chain + "\n"
        var document: MarkdownDocument?
        #expect(seconds { document = renderer.render(source) } < 10)
        #expect(document?.html.contains("<li id=\"fn-1\">") == true)
        let indented = (0..<300).map { String(repeating: "    ", count: $0) + "[^\($0)]: level \($0) [^\($0 + 1)]" }
            .joined(separator: "\n")
        #expect(seconds { _ = renderer.render("x[^0]\n\n" + indented + "\n") } < 10)
    }

    @Test func manyNotesAndReferencesStayLinear() {
        expectLinear({ count in
            (0..<count).map { "Cite[^\($0)] and [^\($0)] and [^missing\($0)]." }.joined(separator: "\n")
                + "\n\n" + (0..<count).map { "[^\($0)]: Note \($0) cites [^\($0)]." }.joined(separator: "\n")
        }, size: 500)
    }
}
