import CellarHighlight
import Testing

@Suite struct TOMLHighlightingTests {
    @Test func tablesAndArraysOfTables() {
        let html = highlighted("[params]\n[[products]]\n[ a . \"b c\" . d ]  # spaced\n", "toml")
        #expect(html.contains(span("section", "[params]")))
        #expect(html.contains(span("section", "[[products]]")))
        #expect(html.contains(span("section", "[ a . &quot;b c&quot; . d ]") + span("comment", "  # spaced")))
    }

    @Test func keysBareQuotedAndDotted() {
        let html = highlighted("title = 1\n\"quoted key\" = 2\nsite.params.colour = 3\n", "toml")
        #expect(html.contains(span("property", "title") + " " + span("symbol", "=") + " " + span("number", "1")))
        #expect(html.contains(span("property", "&quot;quoted key&quot;")))
        #expect(html.contains(span("property", "site.params.colour")))
    }

    @Test func theFourKindsOfStrings() {
        let html = highlighted("a = \"tab\\t\"\nb = 'C:\\path'\nc = \"\"\"\nline \\\n  more\"\"\"\nd = '''\nraw \\n\n'''\n", "toml")
        #expect(html.contains(span("string", "&quot;tab") + span("specialchar", "\\t") + span("string", "&quot;")))
        #expect(html.contains(span("string", "&#39;C:\\path&#39;")), "a literal string has no escapes")
        #expect(html.contains(span("string", "line ") + span("specialchar", "\\") + "\n" + span("string", "  more&quot;&quot;&quot;")))
        #expect(html.contains(span("string", "raw \\n")))
    }

    @Test func datesNumbersAndBooleans() {
        let html = highlighted("a = 1979-05-27T07:32:00-08:00\nb = 1979-05-27\nc = 07:32:00.999\nd = 1_000\ne = 0xDEAD_BEEF\nf = -inf\ng = 6.626e-34\nh = true\n", "toml")
        for literal in ["1979-05-27T07:32:00-08:00", "1979-05-27", "07:32:00.999"] {
            #expect(html.contains(span("date", literal)))
        }
        for literal in ["1_000", "0xDEAD_BEEF", "-inf", "6.626e-34"] {
            #expect(html.contains(span("number", literal)))
        }
        #expect(html.contains(span("keyword", "true")))
    }

    @Test func arraysAndInlineTables() {
        let html = highlighted("tags = [\"a\", [1, 2]]\npoint = { x = 1 }\n", "toml")
        #expect(html.contains(span("symbol", "[") + span("string", "&quot;a&quot;") + span("symbol", ",") + " " + span("symbol", "[") + span("number", "1")))
        #expect(html.contains(span("symbol", "{") + " " + span("property", "x") + " " + span("symbol", "=")))
    }
}
