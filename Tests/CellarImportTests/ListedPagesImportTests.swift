import CellarDiagnostics
@testable import CellarImport
import Foundation
import Testing

/// Pages the source's templates draw from other content: a Hugo glossary (a shortcode listing a
/// section's pages as a definition list) and a page drawn from a data file. Fixtures written for
/// the test.
@Suite struct ListedPagesImportTests {
    private func errors(_ report: ImportReport) -> [String] {
        (report.check?.diagnostics ?? []).filter { $0.severity == .error }.map(\.description)
    }

    private static let wordList = """
        {{- /* Lists the words. @example {{% words %}} */ -}}
        {{- $path := "/reference/words" }}
        {{- with site.GetPage $path }}
          {{- range .Pages.ByTitle }}
        {{ .Title }}
        : {{ .RawContent | strings.TrimSpace | safeHTML }}
          {{- end }}
        {{- end }}
        """

    @Test func aShortcodeListingASectionsPagesBecomesDefinitions() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Lexicon\"\n",
            "layouts/_shortcodes/words.html": Self.wordList,
            "layouts/_shortcodes/box.html": "{{ range .Site.Pages }}<dt>{{ .Title }}</dt>{{ end }}\n",
            "content/reference/_index.md": "---\ntitle: Reference\n---\n",
            "content/reference/words/_index.md": """
                ---
                title: Words
                cascade:
                  build:
                    render: never
                    list: local
                build:
                  render: always
                ---
                {{% words %}}
                """,
            "content/reference/words/flux-capacitor.md": "---\ntitle: flux capacitor\n---\nWhat makes [time travel](#time-travel) possible.\n",
            "content/reference/words/time-travel.md": "---\ntitle: Time travel\n---\nGoing *back*.\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-02\n---\nSee [the capacitor](/reference/words/#flux-capacitor).\n",
        ])
        #expect(ListingShortcodes.listedSection(Self.wordList) == "/reference/words")
        // A shortcode that ranges over pages without a definition per page is not one.
        #expect(ListingShortcodes.listedSection("{{ range .Site.Pages }}<dt>{{ .Title }}</dt>{{ end }}\n") == nil)
        let report = try await workspace.importSite(.hugo)
        #expect(errors(report) == [])
        #expect(try workspace.read("content/_reference/words/time-travel.md") == "---\ntitle: \"Time travel\"\n---\nGoing *back*.\n")
        #expect(try workspace.read("content/reference/words/_index.md").hasSuffix("{{< definitions \"/_reference/words\" >}}"))
        #expect(report.notes.contains { $0.message.hasPrefix("the shortcode {{< words >}} lists the pages of /reference/words as a definition list") })
        try await workspace.build()
        let page = try workspace.read("public/reference/words/index.html")
        #expect(page.contains("<dt id=\"flux-capacitor\">flux capacitor</dt>"), "\(page)")
        #expect(page.contains("<dt id=\"time-travel\">Time travel</dt>\n<dd>\n<p>Going <em>back</em>.</p>"), "\(page)")
    }

    @Test func aJekyllPageDrawnFromADataFileBecomesASectionOfItsRows() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Gallery\n",
            "_data/bakeries.yml": """
                - name: Crumb & Co
                  url: https://crumb.example/
                  rating: 4
                  tags_of_source: [rye, spelt]
                # - name: Closed one
                #   url: https://closed.example/
                - name: Oven Light
                  url: https://oven.example/
                  rating: 5
                  opened: 2019-04-02
                - name: Crumb & Co
                  url: https://crumb.example/two/
                """,
            "pages/bakeries.html": """
                ---
                layout: page
                title: Bakeries
                permalink: /bakeries/
                ---
                <p>Places we <em>like</em>:</p>
                <ul>
                {% for shop in site.data.bakeries reversed %}
                  <li><a href="{{ shop.url }}">{{ shop.name }}</a>{% for t in shop.tags_of_source %} {{ t }}{% endfor %}</li>
                {% endfor %}
                </ul>
                """,
            "_posts/2024-01-03-one.md": "---\ntitle: One\n---\nSee [the bakeries](/bakeries/).\n",
        ])
        #expect(DataSection.loop(in: "a {% for x in site.data.team.members limit: 3 %}{% endfor %}") == nil)
        let report = try await workspace.importSite(.jekyll)
        #expect(errors(report) == [], "\(errors(report))")
        let rows = workspace.files(under: "content").filter { $0.hasPrefix("bakeries/") }.sorted()
        #expect(rows == ["bakeries/_index.md", "bakeries/crumb-co-2.md", "bakeries/crumb-co.md", "bakeries/oven-light.md"])
        // Reversed, as the page showed them: the last row first.
        #expect(try workspace.read("content/bakeries/crumb-co.md") == "---\ntitle: \"Crumb & Co\"\nweight: 1\nlink: \"https://crumb.example/two/\"\n---\n")
        #expect(try workspace.read("content/bakeries/oven-light.md")
                    == "---\ntitle: \"Oven Light\"\nweight: 2\nlink: \"https://oven.example/\"\nrating: 5\nopened: 2019-04-02\n---\n")
        let schema = try workspace.read("themes/default/kinds/bakeries.yml")
        #expect(schema.contains("page: false") && schema.contains("  link: {type: url, required: false}")
                    && schema.contains("  rating: {type: \"int\", required: false}") && schema.contains("  tags_of_source: {type: \"[string]\", required: false}"),
                "\(schema)")
        let index = try workspace.read("content/bakeries/_index.md")
        #expect(index.hasPrefix("---\ntitle: \"Bakeries\"\nkind: bakeries\nsort: weight\norder: asc\npaginate: 3\nhome_items: 0\nfeed: false\n---\n"), "\(index)")
        #expect(index.contains("<p>Places we <em>like</em>:</p>") && !index.contains("{%"), "\(index)")
        try await workspace.build()
        let page = try workspace.read("public/bakeries/index.html")
        #expect(page.contains("<a href=\"https://oven.example/\">Oven Light</a>"), "\(page)")
        #expect(page.contains("<span>rye</span>"))
        #expect(page.range(of: "crumb.example/two/")!.lowerBound < page.range(of: "oven.example")!.lowerBound)
        // No item pages, as the source had none.
        #expect(!workspace.exists("public/bakeries/oven-light/index.html"))
    }
}
