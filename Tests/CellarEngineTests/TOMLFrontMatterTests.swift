@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Hugo's TOML front matter (`+++`) is read natively and typed by the kind's schema exactly like
/// YAML: the same site written both ways builds the same pages, and the same mistake gets the
/// same message on the same line (columns differ where the syntaxes do: `key = ` is wider than `key: `).
@Suite struct TOMLFrontMatterTests {
    private func site(_ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
        ].merging(files) { $1 })
    }

    private func review(_ text: String) throws -> TemporarySite {
        try site(["content/reviews/dune.md": text])
    }

    /// Diagnostics without their columns: `content/reviews/dune.md:3: error: …`.
    private func withoutColumns(_ diagnostics: [String]) -> [String] {
        diagnostics.map { text in
            guard let range = text.range(of: #"^[^:\n]+:\d+:\d+:"#, options: .regularExpression) else { return text }
            let place = text[range].dropLast().split(separator: ":")
            return place.dropLast().joined(separator: ":") + ":" + text[range.upperBound...]
        }
    }

    // MARK: - The same site, written in both

    @Test func aHugoStyleItemBuildsTheSamePagesAsItsYAMLTwin() async throws {
        let yaml = """
            ---
            title: "Dune: Part Two"
            date: 2023-06-01T09:00:00+02:00
            draft: false
            tags: [film, sci-fi]
            aliases: [/reviews/dune-2/]
            summary: |-
              Sand, worms
              and spice.
            rating: 9
            verdict: must-see
            cast: [Zendaya, Timothée Chalamet]
            released: 2024-03-01
            ---
            The *spice* must flow.

            """
        let toml = """
            +++
            title = "Dune: Part Two"
            date = 2023-06-01T09:00:00+02:00
            draft = false
            tags = ["film", "sci-fi"]
            aliases = ["/reviews/dune-2/"]
            summary = '''
            Sand, worms
            and spice.'''
            # the kind's own fields
            rating = 9
            verdict = "must-see"
            cast = [
              "Zendaya",
              "Timothée Chalamet",   # trailing comma allowed
            ]
            released = 2024-03-01
            +++
            The *spice* must flow.

            """
        let yamlSite = try review(yaml)
        let tomlSite = try review(toml)
        let yamlReport = try await yamlSite.build()
        let tomlReport = try await tomlSite.build()
        #expect(yamlReport.diagnostics.isEmpty && tomlReport.diagnostics.isEmpty)
        let yamlPages = yamlSite.snapshot().filter { !$0.key.hasPrefix(".") }
        let tomlPages = tomlSite.snapshot().filter { !$0.key.hasPrefix(".") }
        #expect(Set(tomlPages.keys) == Set(yamlPages.keys))
        for (path, bytes) in yamlPages where tomlPages[path] != bytes {
            Issue.record("public/\(path) differs between the YAML and the TOML site")
        }
        #expect(try tomlSite.page("reviews/index.html").contains("Dune: Part Two</a> 9/10 must-see"))
        #expect(try tomlSite.page("tags/sci-fi/index.html").contains("Dune: Part Two"))
        #expect(try tomlSite.page("reviews/dune-2/index.html").contains("reviews/dune/"))
    }

    @Test func siteAndSectionSettingsCanBeTOML() async throws {
        let site = try site([
            "content/_index.md": "+++\ntitle = \"TOML site\"\nbase_url = \"https://example.org/\"\n+++\nWelcome.\n",
            "content/reviews/_index.md": "+++\ntitle = \"Reviews\"\nkind = \"review\"\npaginate = 1\n+++\n",
            "content/reviews/a.md": "+++\ntitle = \"A\"\nrating = 1\n+++\n",
            "content/reviews/b.md": "+++\ntitle = \"B\"\nrating = 2\n+++\n",
        ])
        let report = try await site.build()
        #expect(report.diagnostics.isEmpty)
        #expect(try site.page("index.html").contains("TOML site"))
        #expect(try site.page("reviews/page/2/index.html").contains("/10"))
    }

    // MARK: - The same mistakes, the same messages

    @Test(arguments: [
        ("ratng: 9\nrating: 9", "ratng = 9\nrating = 9"),                        // unknown field, did you mean
        ("rating: ten", "rating = \"ten\""),                                       // wrong type
        ("rating: \"8\"", "rating = \"8\""),                                       // a quoted number
        ("rating: 11", "rating = 11"),                                             // out of range
        ("rating: 9\nreleased: soon", "rating = 9\nreleased = \"soon\""),          // not a date
        ("rating: 9\nreleased: 07:32:00", "rating = 9\nreleased = 07:32:00"),      // a time alone is no date
        ("rating: 9\nverdict: must see", "rating = 9\nverdict = \"must see\""),    // enum, did you mean
        ("rating: 9\ndraft: \"yes\"", "rating = 9\ndraft = \"yes\""),              // a quoted boolean
        ("rating: 9\ncast: [A, [B]]", "rating = 9\ncast = [\"A\", [\"B\"]]"),      // a list inside a list
        ("rating: 9\ncolour: red", "rating = 9\ncolour = \"red\""),                // unknown field, known ones listed
        ("rating: 9\nrating: 8", "rating = 9\nrating = 8"),                        // duplicate key
    ])
    func aMistakeReadsTheSameInYAMLAndTOML(_ yamlLines: String, _ tomlLines: String) async throws {
        let yaml = await withoutColumns(try review("---\ntitle: Dune\n\(yamlLines)\n---\nSand.\n").diagnostics())
        let toml = await withoutColumns(try review("+++\ntitle = \"Dune\"\n\(tomlLines)\n+++\nSand.\n").diagnostics())
        #expect(!toml.isEmpty)
        #expect(toml == yaml)
    }

    @Test func aMissingRequiredTitleReadsTheSameInYAMLAndTOML() async throws {
        let expected = [
            "content/reviews/dune.md:1:1: error: missing required field 'title' for kind 'review'\n  hint: add a line such as 'title: <text of at least 1 character>'",
        ]
        try await review("---\nrating: 9\n---\n").expectFailure(expected)
        try await review("+++\nrating = 9\n+++\n").expectFailure(expected)
    }

    /// The exact messages and columns for the TOML side.
    @Test(arguments: [
        ("rating = \"ten\"", "content/reviews/dune.md:3:10: error: 'rating' must be an integer from 0 to 10, found \"ten\""),
        ("rating = \"8\"", "content/reviews/dune.md:3:10: error: 'rating' must be an integer from 0 to 10, found \"8\"\n  hint: write the number without quotes"),
        ("rating = 11", "content/reviews/dune.md:3:10: error: 'rating' must be an integer from 0 to 10, found 11"),
        ("rating = 9.5", "content/reviews/dune.md:3:10: error: 'rating' must be an integer from 0 to 10, found \"9.5\""),
        ("ratng = 9\nrating = 9", "content/reviews/dune.md:3:1: error: unknown field 'ratng' for kind 'review'; did you mean 'rating'?"),
        ("rating = 9\nreleased = \"soon\"", "content/reviews/dune.md:4:12: error: 'released' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"soon\""),
        ("rating = 9\n[params]\nratng = 9", "content/reviews/dune.md:4:2: error: unknown field 'params' for kind 'review'\n  hint: known fields: title, date, updated, kind, slug, tags, draft, summary, weight, aliases, expires, language, translation_key, rating, poster, verdict, cast, released, country"),
    ])
    func typingMistakesInTOMLArePlacedAtTheValue(_ lines: String, _ expected: String) async throws {
        try await review("+++\ntitle = \"Dune\"\n\(lines)\n+++\nSand.\n").expectFailure([expected])
    }

    // MARK: - TOML's own mistakes

    @Test(arguments: [
        ("+++\ntitle = \"Dune\"\nrating = 9\n", "end the front matter with a line of three plus signs: +++"),
        ("+++\n", "end the front matter with a line of three plus signs: +++"),
        ("+++\ntitle = \"Dune\"\n---\nBody\n", "front matter that opens with '+++' must close with '+++'; line 3 is '---'"),
        ("---\ntitle: Dune\n+++\nBody\n", "front matter that opens with '---' must close with '---'; line 3 is '+++'"),
    ])
    func anUnclosedFenceIsReportedAtTheOpeningOne(_ text: String, _ hint: String) async throws {
        try await review(text).expectFailure([
            "content/reviews/dune.md:1:1: error: the front matter opened on line 1 is never closed\n  hint: \(hint)",
        ])
    }

    @Test(arguments: [
        ("title: Dune\nrating: 9\n",
         "content/reviews/dune.md:2:6: error: malformed TOML: expected '=' after the key\n  hint: TOML writes key = value; 'key: value' is YAML, which goes between '---' lines"),
        ("title = \"Dune\"\nrating = 9\nreleased = 2024-02-30\n",
         "content/reviews/dune.md:4:12: error: malformed TOML: this date does not exist\n  hint: write dates as YYYY-MM-DD with a month from 01 to 12 and a day of that month, e.g. 2024-05-01"),
        ("title = \"Dune\"\nrating = 9\ntitle = \"Dune 2\"\n",
         "content/reviews/dune.md:4:1: error: duplicate key 'title'; it is already set on line 2\n  hint: keep one of the two lines"),
        ("title = \"Dune\"\nrating = 99999999999999999999\n",
         "content/reviews/dune.md:3:10: error: the integer 99999999999999999999 does not fit in 64 bits\n  hint: TOML integers lie between -9223372036854775808 and 9223372036854775807; quote the number to keep it as text"),
    ])
    func malformedTOMLIsOneDiagnosticInTheContentFile(_ frontMatter: String, _ expected: String) async throws {
        try await review("+++\n\(frontMatter)+++\nSand.\n").expectFailure([expected])
    }

    @Test func aTOMLSectionSettingMistakeIsPlacedInItsIndexFile() async throws {
        let yaml = await withoutColumns(try site([
            "content/reviews/_index.md": "---\ntitle: Reviews\nkind: review\npagniate: 2\n---\n",
        ]).diagnostics())
        let toml = await withoutColumns(try site([
            "content/reviews/_index.md": "+++\ntitle = \"Reviews\"\nkind = \"review\"\npagniate = 2\n+++\n",
        ]).diagnostics())
        #expect(toml.first?.hasPrefix("content/reviews/_index.md:4: error: unknown setting 'pagniate'") == true)
        #expect(toml == yaml)
    }
}
