@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Section pages: items sorted, grouped into page sections, split into pages; item pages with
/// neighbours; the home page's latest items; the 404 page.
@Suite struct ListPagesTests {
    /// A `notes` section with these settings and notes, `title → front matter lines` (file name = slugged title).
    private func notes(_ settings: String = "", site: String = "", items: [(String, String)]) throws -> TemporarySite {
        var files = [
            "content/_index.md": Fixture.site(site),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: settings),
        ]
        for (title, lines) in items {
            files["content/notes/\(Slug.make(title)).md"] = Fixture.item("title: \(title)\n\(lines)", body: "About \(title).\n")
        }
        return try TemporarySite(files: files)
    }

    private func titles(_ site: TemporarySite, _ path: String = "notes/index.html",
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [String] {
        let problems = await site.diagnostics()
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        return HTML.noteTitles(try site.page(path, sourceLocation: sourceLocation))
    }

    private let dated: [(String, String)] = [
        ("Zed", ""), ("March", "date: 2024-03-01\n"), ("January", "date: 2024-01-01\n"), ("Alpha", ""),
        ("May", "date: 2024-05-01\nweight: 2\n"),
    ]

    // MARK: - Sorting

    @Test(arguments: [
        ("", ["May", "March", "January", "Alpha", "Zed"]),
        ("sort: date\n", ["May", "March", "January", "Alpha", "Zed"]),
        ("order: asc\n", ["January", "March", "May", "Alpha", "Zed"]),
        ("sort: date\norder: desc\n", ["May", "March", "January", "Alpha", "Zed"]),
    ])
    func byDateNewestFirstWithUndatedItemsLast(_ settings: String, _ expected: [String]) async throws {
        #expect(try await titles(notes(settings, items: dated)) == expected)
    }

    @Test(arguments: [
        ("sort: title\n", ["Alpha", "January", "March", "May", "Zed"]),
        ("sort: title\norder: desc\n", ["Zed", "May", "March", "January", "Alpha"]),
    ])
    func byTitle(_ settings: String, _ expected: [String]) async throws {
        #expect(try await titles(notes(settings, items: dated)) == expected)
    }

    @Test(arguments: [
        ("sort: weight\n", ["Second", "Alpha", "Zed", "Heavy"]),
        ("sort: weight\norder: desc\n", ["Heavy", "Alpha", "Zed", "Second"]),
    ])
    func byWeightWithTiesByTitle(_ settings: String, _ expected: [String]) async throws {
        let site = try notes(settings, items: [("Zed", "weight: 1\n"), ("Heavy", "weight: 9\n"), ("Alpha", "weight: 1\n"),
                                        ("Second", "weight: -1\n")])
        #expect(try await titles(site) == expected)
    }

    @Test func titlesSortAlphabeticallyWhateverTheirAccents() async throws {
        let site = try notes("sort: title\n", items: [("Zed", ""), ("Émile", ""), ("alpha", ""), ("Ángel", ""), ("Eve", "")])
        let titles = try await titles(site)
        #expect(titles == ["alpha", "Ángel", "Émile", "Eve", "Zed"])
    }

    @Test func anUnknownSortIsAnErrorInTheSectionFile() async throws {
        let site = try notes("sort: rating\n", items: dated)
        await site.expectFailure(["content/notes/_index.md:4:7: error: 'sort' must be one of date, title, weight; found \"rating\""])
    }

    // MARK: - Grouping

    private let years: [(String, String)] = [
        ("Spring", "date: 2024-05-01\n"), ("Winter", "date: 2024-01-10\n"), ("Summer 23", "date: 2023-07-01\n"),
        ("Undated", ""), ("Autumn 22", "date: 2022-10-01\n"),
    ]

    @Test(arguments: [
        ("group_by: year\n", ["2024", "2023", "2022", "Other"], ["Spring", "Winter", "Summer 23", "Autumn 22", "Undated"]),
        ("group_by: year\norder: asc\n", ["2022", "2023", "2024", "Other"], ["Autumn 22", "Summer 23", "Winter", "Spring", "Undated"]),
        ("group_by: month\n", ["May 2024", "January 2024", "July 2023", "October 2022", "Other"],
         ["Spring", "Winter", "Summer 23", "Autumn 22", "Undated"]),
        ("group_by: none\n", [], ["Spring", "Winter", "Summer 23", "Autumn 22", "Undated"]),
    ])
    func groupsFollowTheOrderOfTheirFirstItem(_ settings: String, _ groups: [String], _ items: [String]) async throws {
        let site = try notes(settings, items: years)
        #expect(try await titles(site) == items)
        #expect(HTML.groupTitles(try site.page("notes/index.html")) == groups)
    }

    @Test func groupingByAFieldUsesItsValues() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review", extra: "sort: title\ngroup_by: country\n"),
            "content/reviews/a.md": "---\ntitle: Amélie\nrating: 8\ncountry: France\n---\n",
            "content/reviews/b.md": "---\ntitle: Barakamon\nrating: 7\ncountry: Japan\n---\n",
            "content/reviews/c.md": "---\ntitle: Caché\nrating: 9\ncountry: France\n---\n",
            "content/reviews/d.md": "---\ntitle: Dune\nrating: 9\n---\n",
            "content/reviews/e.md": "---\ntitle: Eraserhead\nrating: 6\ncountry: no\n---\n",
        ])
        try await site.build()
        let page = try site.page("reviews/index.html")
        #expect(HTML.groupTitles(page) == ["France", "Japan", "no", "Other"])
        let groups = HTML.slices(of: page, between: "<section>", and: "</section>")
            .map { HTML.slices(of: $0, between: "/\">", and: "</a>") }
        #expect(groups == [["Amélie", "Caché"], ["Barakamon"], ["Eraserhead"], ["Dune"]])
    }

    @Test func groupsByAnEnumAreTitledWithItsLabels() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/films/_index.md": Fixture.section("Films", kind: "film", extra: "sort: title\ngroup_by: verdict\n"),
            "content/films/a.md": "---\ntitle: Amélie\nverdict: must-see\n---\n",
            "content/films/b.md": "---\ntitle: Barakamon\nverdict: skip\n---\n",
            "themes/default/kinds/film.yml": "label: Film\npage: true\nfields:\n  verdict: {type: enum, values: {must-see: Must see, skip: Skip it}}\n",
            "themes/default/cells/film.html": "<li class=\"note\">{{title}} {{verdict.label}}</li>\n",
        ])
        try await site.build()
        let page = try site.page("films/index.html")
        #expect(HTML.groupTitles(page) == ["Must see", "Skip it"])
        #expect(HTML.noteTitles(page) == ["Amélie Must see", "Barakamon Skip it"])
    }

    @Test func groupingByAnUnknownFieldIsAnError() async throws {
        let site = try notes("group_by: contry\n", items: dated)
        await site.expectFailure([
            "content/notes/_index.md:4:11: error: group_by 'contry' is not none, year, month or a field of any kind; did you mean 'country'?",
        ])
    }

    // MARK: - Pagination

    private let five: [(String, String)] = (1...5).map { ("Note \($0)", "date: 2024-01-0\($0)\n") }

    @Test func pagesOfNItemsAtPagePaths() async throws {
        let site = try notes("paginate: 2\n", items: five)
        #expect(try await titles(site) == ["Note 5", "Note 4"])
        #expect(try await titles(site, "notes/page/2/index.html") == ["Note 3", "Note 2"])
        #expect(try await titles(site, "notes/page/3/index.html") == ["Note 1"])
        #expect(site.output("notes/page/4/index.html") == nil)
        #expect(site.output("notes/page/1/index.html") == nil)
    }

    @Test func pagesLinkToTheirNeighbours() async throws {
        let site = try notes("paginate: 2\n", items: five)
        try await site.build()
        #expect(try site.page("notes/index.html").contains("<nav>1/3<a rel=\"next\" href=\"/notes/page/2/\">next</a></nav>"))
        #expect(try site.page("notes/page/2/index.html").contains(
            "<nav><a rel=\"prev\" href=\"/notes/\">prev</a>2/3<a rel=\"next\" href=\"/notes/page/3/\">next</a></nav>"))
        #expect(try site.page("notes/page/3/index.html").contains("<nav><a rel=\"prev\" href=\"/notes/page/2/\">prev</a>3/3</nav>"))
        #expect(try site.page("notes/page/2/index.html").contains("<title>Notes — page 2 · Test site</title>"))
    }

    @Test func paginateZeroPutsEverythingOnOnePage() async throws {
        let site = try notes("paginate: 0\n", site: "paginate: 2\n", items: five)
        #expect(try await titles(site) == ["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"])
        #expect(site.output("notes/page/2/index.html") == nil)
        #expect(try !site.page("notes/index.html").contains("<nav>"))
    }

    @Test func theSitesPaginateIsTheDefault() async throws {
        let site = try notes(site: "paginate: 3\n", items: five)
        #expect(try await titles(site) == ["Note 5", "Note 4", "Note 3"])
        #expect(try await titles(site, "notes/page/2/index.html") == ["Note 2", "Note 1"])
    }

    @Test func anEmptySectionStillHasItsPage() async throws {
        let site = try notes(items: [])
        #expect(try await titles(site) == [])
        #expect(try site.page("notes/index.html").contains("<h1>Notes</h1>"))
    }

    // MARK: - Item pages

    @Test func itemPagesLinkToTheirNeighboursInTheSectionsOrder() async throws {
        let site = try notes(items: dated)
        try await site.build()
        // Order: May, March, January, Alpha, Zed.
        #expect(try site.page("notes/may/index.html").contains(
            "</article><a rel=\"next\" href=\"/notes/march/\">March</a>"))
        #expect(try !site.page("notes/may/index.html").contains("rel=\"prev\""))
        #expect(try site.page("notes/march/index.html").contains(
            "<a rel=\"prev\" href=\"/notes/may/\">May</a><a rel=\"next\" href=\"/notes/january/\">January</a>"))
        #expect(try site.page("notes/zed/index.html").contains("<a rel=\"prev\" href=\"/notes/alpha/\">Alpha</a>"))
        #expect(try !site.page("notes/zed/index.html").contains("rel=\"next\""))
    }

    @Test func itemsWithoutPagesAreSkippedByNeighboursButListed() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/a.md": "---\ntitle: A\ndate: 2024-03-01\n---\n",
            "content/notes/b.md": "---\ntitle: B\nkind: link\nlink: https://example.com/\ndate: 2024-02-01\n---\n",
            "content/notes/c.md": "---\ntitle: C\ndate: 2024-01-01\n---\n",
        ])
        try await site.build()
        #expect(site.output("notes/b/index.html") == nil)
        #expect(try site.page("notes/a/index.html").contains("<a rel=\"next\" href=\"/notes/c/\">C</a>"))
        #expect(try site.page("notes/index.html").contains("<li class=\"link\"><a href=\"https://example.com/\">B</a></li>"))
    }

    // MARK: - Home and 404

    @Test func theHomePageShowsEachSectionsLatestItems() async throws {
        var files = [
            "content/_index.md": Fixture.site("home_items: 2\n"),
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/journal/_index.md": Fixture.section("Journal", kind: "note", extra: "home_items: 1\nweight: -1\n"),
            "content/empty/_index.md": Fixture.section("Empty", kind: "note"),
        ]
        for day in 1...4 {
            files["content/notes/n\(day).md"] = "---\ntitle: Note \(day)\ndate: 2024-01-0\(day)\n---\n"
            files["content/journal/j\(day).md"] = "---\ntitle: Day \(day)\ndate: 2024-02-0\(day)\n---\n"
        }
        let site = try TemporarySite(files: files)
        try await site.build()
        let home = try site.page("index.html")
        #expect(HTML.slices(of: home, between: "<h2>", and: "</h2>") == [
            "<a href=\"/journal/\">Journal</a>", "<a href=\"/notes/\">Notes</a>",
        ])
        #expect(HTML.noteTitles(home) == ["Day 4", "Note 4", "Note 3"])
        #expect(home.contains("<title>Test site</title>"))
    }

    @Test func theHomePageShowsTheLatestItemsEvenOfSectionsSortedOtherwise() async throws {
        let site = try notes("sort: title\nhome_items: 2\n", items: [
            ("Alpha", "date: 2024-01-01\n"), ("Bravo", "date: 2024-03-01\n"), ("Charlie", "date: 2024-02-01\n"),
        ])
        try await site.build()
        #expect(try await titles(site) == ["Alpha", "Bravo", "Charlie"])
        let home = HTML.noteTitles(try site.page("index.html"))
        #expect(home == ["Bravo", "Charlie"])
    }

    @Test func thereIsANotFoundPageOutsideTheSitemap() async throws {
        let site = try notes(items: dated)
        try await site.build()
        #expect(try site.page("404.html").contains("<h1>Not found</h1>"))
        #expect(try site.page("404.html").contains("<title>Page not found · Test site</title>"))
        #expect(try !site.page("sitemap.xml").contains("404"))
    }

    @Test func aSectionWithoutATitleIsNamedAfterItsFolder() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/my-notes/_index.md": "---\nkind: note\n---\n",
        ])
        try await site.build()
        #expect(try site.page("my-notes/index.html").contains("<h1>My notes</h1>"))
    }
}
