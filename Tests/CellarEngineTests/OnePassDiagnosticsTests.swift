import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Testing

/// One build reports every problem: a mistake in a template does not hide the content's, and a
/// kind declared with a mistake is reported once, at its declaration — not again at every item
/// and section that names it.
@Suite struct OnePassDiagnosticsTests {
    @Test func aTemplateMistakeAndTheContentsMistakesAreReportedTogether() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/cells/review.html": "<li class=\"review\">{{title}} by {{autor}}</li>\n",
            "content/reviews/a.md": "---\ntitle: A\nrating: ten\n---\n",
            "content/reviews/b.md": "---\ntitle: B\nratng: 9\nrating: 9\n---\n",
            "content/reviews/c.md": "---\ntitle: C\ndate: someday\nrating: 5\n---\n",
            "content/reviews/d.md": "---\ntitle: D\nverdict: great\nrating: 5\n---\n",
            "content/reviews/e.md": "---\nrating: 3\n---\n",
            "content/notes/f.md": "---\ntitle: \"F\n---\n",
        ])
        await site.expectFailure([
            "content/notes/f.md:2:8: error: malformed YAML: found unexpected end of stream (while scanning a quoted scalar)\n  hint: the quote that starts here is never closed: the value runs to the end of the front matter (line 3)",
            "content/reviews/a.md:3:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"",
            "content/reviews/b.md:3:1: error: unknown field 'ratng' for kind 'review'; did you mean 'rating'?",
            "content/reviews/c.md:3:7: error: 'date' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"someday\"",
            "content/reviews/d.md:3:10: error: 'verdict' must be one of must-see, good, skip; found \"great\"",
            "content/reviews/e.md:1:1: error: missing required field 'title' for kind 'review'\n  hint: add a line such as 'title: <text of at least 1 character>'",
            "themes/default/cells/review.html:1:33: error: 'autor' is not a field of kind 'review'\n  hint: its own fields: rating, poster, verdict, cast, released, country; every item also has: title, url, date, summary, content, tags, reading_time, section, fields, t, …",
        ])
    }

    /// The settings are part of the frame every item is read with: when a section's cannot be
    /// read, its items are not read either (they would be taken for another section's).
    @Test func itemsAreNotReadWhenTheirSectionsSettingsFailed() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/cells/review.html": "<li>{{autor}}</li>\n",
            "content/reviews/_index.md": "---\ntitle: [Reviews\n---\n",
            "content/reviews/a.md": "---\ntitle: A\nrating: ten\n---\n",
        ])
        let failures = await site.failures().map(site.relative)
        #expect(failures.contains { $0.hasPrefix("content/reviews/_index.md:") })
        #expect(!failures.contains { $0.hasPrefix("content/reviews/a.md") })
    }

    /// A theme's kind whose schema has a mistake is reported there; its section and items say nothing more.
    @Test func aKindWithAMistakeIsReportedOnlyWhereItIsDeclared() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/kinds/book.yml": "label: Book\nfields:\n  rating: {type: integr}\n",
            "themes/default/cells/book.html": "<li>{{title}}</li>\n",
            "content/books/_index.md": "---\ntitle: Books\nkind: book\n---\n",
            "content/books/dune.md": "---\ntitle: Dune\nrating: 9\n---\n",
            "content/reviews/solaris.md": "---\ntitle: Solaris\nkind: book\n---\n",
        ])
        let failures = await site.failures().map(site.relative)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("themes/default/kinds/book.yml:3:") == true)
    }
}
