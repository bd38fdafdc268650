@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `/tags/` lists every tag with its count; `/tags/<slug>/` lists its items by content section,
/// paginated. Slugs fold Unicode to ASCII and are never empty; tags that slug alike are one tag.
@Suite struct TagsTests {
    private func site(_ files: [String: String], settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site(settings),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
        ].merging(files) { $1 })
    }

    /// The tags index as `name (count)` → link.
    private func tagIndex(_ site: TemporarySite, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        HTML.slices(of: try site.page("tags/index.html", sourceLocation: sourceLocation), between: "<a href=\"", and: "</a>")
            .map { $0.replacingOccurrences(of: "\">", with: " → ") }
    }

    @Test func theTagsPageListsEveryTagWithItsCount() async throws {
        let site = try site([
            "content/notes/a.md": "---\ntitle: A\ntags: [Swift, Linux]\n---\n",
            "content/notes/b.md": "---\ntitle: B\ntags: swift-ish\n---\n",
            "content/reviews/c.md": "---\ntitle: C\nrating: 5\ntags:\n  - Swift\n  - Swift\n---\n",
        ])
        try await site.build()
        #expect(try tagIndex(site) == [
            "/tags/linux/ → Linux (1)", "/tags/swift/ → Swift (2)", "/tags/swift-ish/ → swift-ish (1)",
        ])
    }

    @Test func aTagPageListsItsItemsByContentSection() async throws {
        let site = try site([
            "content/notes/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [film]\n---\n",
            "content/notes/b.md": "---\ntitle: B\ndate: 2024-03-01\ntags: [film]\n---\n",
            "content/notes/c.md": "---\ntitle: C\ntags: [other]\n---\n",
            "content/reviews/d.md": "---\ntitle: D\ndate: 2024-02-01\nrating: 7\ntags: [film]\n---\n",
        ])
        try await site.build()
        let page = try site.page("tags/film/index.html")
        #expect(page.contains("<h1>#film</h1>"))
        #expect(HTML.groupTitles(page) == ["Notes", "Reviews"])
        let sections = HTML.slices(of: page, between: "<section>", and: "</section>")
        #expect(sections.count == 2)
        #expect(HTML.noteTitles(sections[0]) == ["B", "A"])
        #expect(sections.last?.contains("<li class=\"review\"><a href=\"/reviews/d/\">D</a> 7/10 good</li>") == true)
    }

    @Test func tagPagesArePaginatedLikeLists() async throws {
        var files: [String: String] = [:]
        for day in 1...5 { files["content/notes/n\(day).md"] = "---\ntitle: N\(day)\ndate: 2024-01-0\(day)\ntags: [film]\n---\n" }
        let site = try site(files, settings: "paginate: 2\n")
        try await site.build()
        #expect(HTML.noteTitles(try site.page("tags/film/index.html")) == ["N5", "N4"])
        #expect(HTML.noteTitles(try site.page("tags/film/page/2/index.html")) == ["N3", "N2"])
        #expect(HTML.noteTitles(try site.page("tags/film/page/3/index.html")) == ["N1"])
        #expect(try site.page("tags/film/page/2/index.html").contains(
            "<nav><a rel=\"prev\" href=\"/tags/film/\">prev</a>2/3<a rel=\"next\" href=\"/tags/film/page/3/\">next</a></nav>"))
        #expect(try tagIndex(site) == ["/tags/film/ → film (5)"])
    }

    @Test(arguments: [
        ("Crème Brûlée", "creme-brulee"),
        ("Straße & Smørrebrød", "strasse-and-smorrebrod"),
        ("C++ / Swift", "c-swift"),
        ("ÅNGSTRÖM", "angstrom"),
        ("Łódź", "lodz"),
        ("!!!", "untitled"),
        ("  spaced   out  ", "spaced-out"),
    ])
    func slugsFoldUnicodeToASCIIAndAreNeverEmpty(_ tag: String, _ slug: String) async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\ntags: [\"\(tag)\"]\n---\n"])
        try await site.build()
        #expect(site.output("tags/\(slug)/index.html")?.contains("<h1>#\(tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "&", with: "&amp;"))</h1>") == true)
        #expect(try tagIndex(site).first?.hasPrefix("/tags/\(slug)/ → ") == true)
    }

    @Test func otherScriptsKeepTheirLetters() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\ntags: [東京]\n---\n"])
        try await site.build()
        #expect(site.output("tags/東京/index.html") != nil)
        #expect(try tagIndex(site) == ["/tags/%E6%9D%B1%E4%BA%AC/ → 東京 (1)"])
    }

    @Test func tagsThatSlugAlikeAreOneTagAndANoteSaysSo() async throws {
        let site = try site([
            "content/notes/a.md": "---\ntitle: A\ntags: [Swift]\n---\n",
            "content/notes/b.md": "---\ntitle: B\ntags: [swift]\n---\n",
            "content/notes/c.md": "---\ntitle: C\ntags: [SWIFT, Swift]\n---\n",
        ])
        let report = try await site.build()
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/notes/b.md:3:7: note: tags 'Swift' (content/notes/a.md) and 'swift' share the URL /tags/swift/ and are one tag\n  hint: write the tag the same way everywhere to silence this note",
            "content/notes/c.md:3:7: note: tags 'Swift' (content/notes/a.md) and 'SWIFT' share the URL /tags/swift/ and are one tag\n  hint: write the tag the same way everywhere to silence this note",
        ])
        #expect(try tagIndex(site) == ["/tags/swift/ → Swift (3)"])
        #expect(HTML.noteTitles(try site.page("tags/swift/index.html")).sorted() == ["A", "B", "C"])
    }

    @Test func noTagsNoTagPages() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\n---\n"])
        try await site.build()
        #expect(site.output("tags/index.html") == nil)
    }

    @Test func tagsMustBeText() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\ntags: [a, {b: c}]\n---\n"])
        await site.expectFailure(["content/notes/a.md:3:11: error: 'tags[2]' must be text, found a mapping"])
    }
}
