import CellarHighlight
import Testing

@Suite struct YAMLHighlightingTests {
    @Test func keysScalarsAndComments() {
        let html = highlighted("title: \"Dune: Part Two\" # quoted\nrating: 9\ndraft: false\nempty: ~\nplain: Don't stop\n", "yaml")
        #expect(html.contains(span("property", "title") + span("symbol", ":") + " " + span("string", "&quot;Dune: Part Two&quot;") + " " + span("comment", "# quoted")))
        #expect(html.contains(span("property", "rating") + span("symbol", ":") + " " + span("number", "9")))
        #expect(html.contains(span("keyword", "false")))
        #expect(html.contains(span("keyword", "~")))
        #expect(html.contains(span("symbol", ":") + " Don&#39;t stop"), "a quote inside a plain scalar starts no string")
    }

    @Test func anchorsAliasesTagsAndDocumentMarkers() {
        let html = highlighted("%YAML 1.2\n---\nbase: &base\n  name: x\ncopy: *base\ntyped: !!str 123\n...\n", "yaml")
        #expect(html.contains(span("preproc", "%YAML 1.2")))
        #expect(html.contains(span("preproc", "---")))
        #expect(html.contains(span("label", "&amp;base")))
        #expect(html.contains(span("label", "*base")))
        #expect(html.contains(span("type", "!!str") + " " + span("number", "123")))
        #expect(html.contains(span("preproc", "...")))
    }

    @Test func blockScalarsLastWhileIndentedDeeper() {
        let html = highlighted("steps:\n  - run: |\n      make\n      # not a comment\n  - name: next\ndescription: >-\n  folded text\ntitle: x\n", "yaml")
        #expect(html.contains(span("symbol", "|") + "\n" + span("string", "      make") + "\n" + span("string", "      # not a comment")))
        #expect(html.contains(span("symbol", "-") + " " + span("property", "name")), "a line indented like the header ends the scalar")
        #expect(html.contains(span("symbol", "&gt;-") + "\n" + span("string", "  folded text") + "\n" + span("property", "title")))
    }

    @Test func quotedStringsAndFlowCollections() {
        let html = highlighted("a: 'it''s'\nb: \"tab\\t\"\ntags: [sci-fi, 'epic', {n: 1}]\n", "yaml")
        #expect(html.contains(span("string", "&#39;it") + span("specialchar", "&#39;&#39;") + span("string", "s&#39;")))
        #expect(html.contains(span("specialchar", "\\t")))
        #expect(html.contains("[sci-fi" + span("symbol", ",") + " " + span("string", "&#39;epic&#39;") + span("symbol", ",") + " {" + span("property", "n") + span("symbol", ":") + " " + span("number", "1") + "}]"))
    }

    @Test func datesAreDates() {
        let html = highlighted("released: 2024-03-01\nat: 2024-03-01T10:00:00Z\nversion: 1.2.3\n", "yaml")
        #expect(html.contains(span("date", "2024-03-01")))
        #expect(html.contains(span("date", "2024-03-01T10:00:00Z")))
        #expect(html.contains(span("symbol", ":") + " 1.2.3"), "a version is no number")
    }
}
