@testable import CellarMarkdown
import Testing

/// What a body tells about itself besides its HTML: headings for a table of contents, the text before a
/// `<!--more-->` marker.
@Suite struct OutlineTests {
    @Test func everyHeadingComesWithItsLevelIDAndText() {
        let document = MarkdownRenderer().render("""
            # Getting *started*

            Intro.

            Setext `two`
            ------------

            ### Getting started

            > #### Quoted

            - ##### In a list
            """)
        #expect(document.headings == [
            MarkdownHeading(level: 1, id: "getting-started", text: "Getting started"),
            MarkdownHeading(level: 2, id: "setext-two", text: "Setext two"),
            MarkdownHeading(level: 3, id: "getting-started-1", text: "Getting started"),
            MarkdownHeading(level: 4, id: "quoted", text: "Quoted"),
            MarkdownHeading(level: 5, id: "in-a-list", text: "In a list"),
        ])
        #expect(document.headingIDs == document.headings.map(\.id))
    }

    @Test func aThousandEqualHeadingsStayLinear() {
        expectLinear({ String(repeating: "## Intro\n\n", count: $0) }, size: 1_000)
    }

    @Test(arguments: [MarkdownOptions.default, [.allExtensions, .allowRawHTML]])
    func theTextBeforeAMoreMarkerIsReported(_ options: MarkdownOptions) {
        let document = MarkdownRenderer(options: options).render("""
            # Title

            First *paragraph*
            goes on.

            - a list

            <!--more-->

            After the break.
            """)
        #expect(document.textBeforeMore == "Title First paragraph goes on. a list")
        #expect(!document.html.contains("more") && !document.html.contains("raw HTML omitted"))
        #expect(document.html.hasSuffix("<p>After the break.</p>\n"))
    }

    @Test func anInlineMarkerWorksToo() {
        let document = MarkdownRenderer().render("Short intro. <!-- more --> Rest of it.\n")
        #expect(document.textBeforeMore == "Short intro.")
        #expect(document.html == "<p>Short intro.  Rest of it.</p>\n")
    }

    @Test func noMarkerNoText() {
        #expect(MarkdownRenderer().render("Text <!-- a comment -->\n\n`<!--more-->`\n").textBeforeMore == nil)
        #expect(MarkdownRenderer().render("```\n<!--more-->\n```\n").textBeforeMore == nil)
    }
}
