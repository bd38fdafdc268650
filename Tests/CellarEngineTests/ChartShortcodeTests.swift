@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `{{< chart >}}`: a bar chart of a CSV file, drawn as inline SVG when the site is built.
@Suite struct ChartShortcodeTests {
    private func site(_ csv: String, call: String = "{{< chart \"times.csv\" title=\"Full build\" unit=\"s\" table=true >}}") throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Charts\n---\n",
            "content/notes/_index.md": "---\ntitle: Notes\nkind: note\n---\n",
            "content/notes/speed/index.md": "---\ntitle: Speed\ndate: 2024-01-01\n---\nHow fast.\n\n\(call)\n",
            "content/notes/speed/times.csv": csv,
        ])
    }

    @Test func barsAreAsLongAsTheirValuesAgainstTheLargest() async throws {
        let site = try site("corpus,Cellar,Hugo\n\"10,000 items\",1.5,3\n\"100,000 items\",15,60\n")
        try await site.build()
        let page = try #require(site.output("notes/speed/index.html"))
        #expect(page.contains("<figure class=\"chart\" id=\"item-notes-speed-chart-3-1\"><figcaption><strong>Full build</strong></figcaption><svg class=\"chart-svg\""))
        #expect(page.contains("role=\"img\" aria-labelledby=\"item-notes-speed-chart-3-1-title item-notes-speed-chart-3-1-desc\""))
        #expect(page.contains("<title id=\"item-notes-speed-chart-3-1-title\">Full build</title>"))
        #expect(page.contains(">10,000 items: Cellar 1.5 s, Hugo 3 s; 100,000 items: Cellar 15 s, Hugo 60 s</desc>"))
        // The longest label is 13 characters: bars start at 13 × 7.2 + 12 = 105.6 and have 640 − 105.6 − 84 to grow in.
        let widths = HTML.slices(of: page, between: "class=\"chart-bar", and: "/>").compactMap { bar in
            HTML.slices(of: bar, between: "width=\"", and: "\"").first.flatMap(Double.init)
        }
        #expect(widths == [BarChart.number(450.4 * 1.5 / 60), BarChart.number(450.4 * 3 / 60), BarChart.number(450.4 * 15 / 60), "450.4"]
            .compactMap(Double.init))
        #expect(page.contains(">60 s</text>"))
        // table=true: the same figures as a table.
        #expect(page.contains("<th scope=\"row\">100,000 items</th><td style=\"text-align: right\">15 s</td><td style=\"text-align: right\">60 s</td>"))
        // The data file is published beside the page, as every file of a bundle is.
        #expect(site.output("notes/speed/times.csv") != nil)
    }

    @Test func anEmptyCellDrawsNoBarAndIsADashInTheTable() async throws {
        let site = try site("size,a,b\nsmall,1,\n")
        try await site.build()
        let page = try #require(site.output("notes/speed/index.html"))
        #expect(HTML.slices(of: page, between: "class=\"chart-bar", and: "/>").count == 1)
        #expect(page.contains("<td style=\"text-align: right\">–</td>"))
    }

    /// The problems of a build of `site`, with the place as a site-relative path.
    private func failures(_ site: TemporarySite) async -> [String] {
        await site.failures().map { $0.replacingOccurrences(of: site.root + "/", with: "") }
    }

    @Test func mistakesInTheDataAreReportedWhereTheyAreWritten() async throws {
        let found = await failures(try site("size,Cellar,Hugo\nsmall,1.5,fast\nlarge,2\n"))
        #expect(found == [
            "content/notes/speed/times.csv:2:11: error: 'fast' in column 'Hugo' is not a number of zero or more",
            "content/notes/speed/times.csv:3:7: error: this row has 2 values, the header 3",
        ])
        let unclosed = await failures(try site("size,a\n\"small,1\n"))
        #expect(unclosed == ["content/notes/speed/times.csv:2:1: error: this quote is never closed"])
    }

    @Test func aMissingFileOrArgumentIsReportedAtTheCall() async throws {
        let missing = await failures(try site("a,b\nx,1\n", call: "{{< chart \"nope.csv\" title=\"T\" >}}"))
        #expect(missing.count == 1 && missing[0].hasPrefix("content/notes/speed/index.md:7:11: error:") && missing[0].contains("nope.csv"),
                "\(missing)")
        let untitled = await failures(try site("a,b\nx,1\n", call: "{{< chart \"times.csv\" >}}"))
        #expect(untitled == ["content/notes/speed/index.md:7:1: error: missing required argument 'title' for shortcode 'chart'"])
    }

    @Test func aThemeShortcodeOfTheSameNameReplacesTheBuiltIn() async throws {
        let site = try site("a,b\nx,1\n", call: "{{< chart \"times.csv\" >}}")
        try site.write(["themes/default/shortcodes/chart.yml": "positional: [src]\narguments:\n  src: string\n",
                        "themes/default/shortcodes/chart.html": "<p class=\"mine\">{{src}}</p>\n"])
        try await site.build()
        #expect(site.output("notes/speed/index.html")?.contains("<p class=\"mine\">times.csv</p>") == true)
    }

    @Test(arguments: [
        ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
        ("\u{FEFF}a,\"b, c\"\n\n\"say \"\"hi\"\"\",\"two\nlines\"\n", [["a", "b, c"], ["say \"hi\"", "two\nlines"]]),
        ("a,,b\n", [["a", "", "b"]]),
    ])
    func csvIsReadAsRFC4180Says(_ text: String, _ expected: [[String]]) throws {
        #expect(try CSVTable.parse(text).rows.map { $0.map(\.text) } == expected)
    }

    @Test func eachCSVCellKnowsItsPlace() throws {
        let table = try CSVTable.parse("a,\"b\nb\"\nc,d\n")
        #expect(table.rows.map { $0.map { "\($0.line):\($0.column)" } } == [["1:1", "1:3"], ["3:1", "3:3"]])
        #expect(throws: CSVTable.Problem(message: "text after the closing quote of a quoted value", line: 1, column: 4)) {
            try CSVTable.parse("\"a\"b\n")
        }
    }
}
