import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

/// A Swift-typed cell: draws a badge from its own item type, not from a content item.
private struct BadgeCell: CellTemplate {
    struct Item: Sendable { var label: String; var level: Int }
    let kind = "badge"

    func render(_ item: Item, into html: inout String) throws {
        html += "<b class=\"badge\" data-level=\"\(item.level)\">\(item.label)</b>\n"
    }
}

/// Another Swift cell, of another kind and item type.
private struct ScoreCell: CellTemplate {
    let kind = "score"

    func render(_ item: Int, into html: inout String) throws {
        html += "<meter value=\"\(item)\"></meter>\n"
    }
}

/// A Swift cell that draws content items as they are, replacing the theme's `note` cell.
private struct PlainNoteCell: CellTemplate {
    let kind = "note"

    func render(_ item: CellarEngine.ContentItem, into html: inout String) throws {
        html += "<p class=\"swift-note\">\(item.title) · \(item.wordCount) words</p>\n"
    }
}

private struct Broken: Error {}

/// The generic configurator: cells of any kind, Mustache or Swift, paired with their items and
/// held in one array, so that list code never asks which kind a cell is.
@Suite struct ConfiguratorTests {
    private static let badgeKind = [
        "themes/default/kinds/badge.yml": "label: Badge\npage: true\nfields:\n  label: string\n  level: {type: int, min: 1, max: 5}\n",
        "content/badges/_index.md": Fixture.section("Badges", kind: "badge"),
        "content/badges/early.md": "---\ntitle: Early\nlabel: Early bird\nlevel: 3\ndate: 2024-04-01\n---\n",
    ]

    private static func badgeRegistry() -> CellRegistry {
        var cells = CellRegistry()
        cells.register(BadgeCell()) { item in
            BadgeCell.Item(label: item.fields["label"]?.value.string ?? item.title, level: item.fields["level"]?.value.int ?? 0)
        }
        return cells
    }

    @Test func oneArrayHoldsCellsOfSeveralKinds() throws {
        let cells: [any CellConfiguring] = [
            CellConfigurator(cell: BadgeCell(), item: .init(label: "New", level: 1), itemID: "a.md"),
            CellConfigurator(cell: ScoreCell(), item: 9, itemID: "b.md"),
            CellConfigurator(cell: BadgeCell(), item: .init(label: "Old", level: 2), itemID: "c.md"),
        ]
        var html = ""
        for cell in cells { try cell.render(into: &html) }
        #expect(cells.map(\.kind) == ["badge", "score", "badge"])
        #expect(cells.map(\.itemID) == ["a.md", "b.md", "c.md"])
        #expect(html == """
            <b class="badge" data-level="1">New</b>
            <meter value="9"></meter>
            <b class="badge" data-level="2">Old</b>

            """)
    }

    @Test func aRegistryKnowsItsKindsAndLaterRegistrationsWin() {
        var first = CellRegistry()
        first.register(ScoreCell()) { _ in 1 }
        var second = CellRegistry()
        second.register(PlainNoteCell())
        second.register(ScoreCell()) { _ in 2 }
        first.merge(second)
        #expect(first.kinds == ["note", "score"])
        #expect(first.hasCell(for: "note"))
        #expect(!first.hasCell(for: "review"))
    }

    @Test func aSwiftCellDrawsAKindThatHasASchemaButNoMustacheCell() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badgeKind)
        try await site.build(cells: Self.badgeRegistry())
        let badges = try site.page("badges/index.html")
        #expect(badges.contains("<b class=\"badge\" data-level=\"3\">Early bird</b>"))
        // The same cached cell is used by every list: the home page shows it next to Mustache cells.
        let home = try site.page("index.html")
        #expect(home.contains("<b class=\"badge\" data-level=\"3\">Early bird</b>"))
        #expect(home.contains("<li class=\"review\"><a href=\"/reviews/dune/\">Dune</a> 9/10 must-see</li>"))
        #expect(home.contains("<li class=\"note\">Festival week</li>"))
        // Its items still get pages, feeds and typed fields.
        #expect(site.output("badges/early/index.html")?.contains("<h1>Early</h1>") == true)
        #expect(site.output("feed.xml")?.contains("<title>Early</title>") == true)
    }

    @Test func withoutItsSwiftCellTheKindNeedsATemplate() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badgeKind)
        await site.expectFailure([
            "themes/default/kinds/badge.yml:1:1: error: kind 'badge' has no cell template; expected themes/default/cells/badge.html\n  hint: every kind needs a cell: create themes/default/cells/badge.html",
        ])
    }

    @Test func theSchemaStillTypesTheFrontMatterOfASwiftCellsKind() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badgeKind.merging([
            "content/badges/late.md": "---\ntitle: Late\nlabel: Late\nlevel: 9\n---\n",
        ]) { $1 })
        await site.expectFailure(["content/badges/late.md:4:8: error: 'level' must be an integer from 1 to 5, found 9"],
                                 cells: Self.badgeRegistry())
    }

    @Test func aSwiftCellReplacesTheThemesCellOfItsKind() async throws {
        let site = try TemporarySite(fixture: "cinema")
        var cells = CellRegistry()
        cells.register(PlainNoteCell())
        try await site.build(cells: cells)
        let notes = try site.page("notes/index.html")
        #expect(notes.contains("<p class=\"swift-note\">Festival week · 5 words</p>"))
        #expect(!notes.contains("<li class=\"note\">"))
        // Other kinds keep their Mustache cells.
        #expect(try site.page("reviews/index.html").contains("<li class=\"review\">"))
    }

    @Test func anAdapterThatThrowsADiagnosticFailsTheBuildWithIt() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badgeKind)
        var cells = CellRegistry()
        cells.register(BadgeCell()) { item in
            throw Diagnostic.error("badge '\(item.title)' cannot be drawn", at: item.location, hint: "check its level")
        }
        await site.expectFailure(
            ["content/badges/early.md:1:1: error: badge 'Early' cannot be drawn\n  hint: check its level"], cells: cells)
    }

    @Test func aCellThatThrowsAnyOtherErrorFailsTheBuildNamingTheItem() async throws {
        struct FailingCell: CellTemplate {
            let kind = "badge"
            func render(_ item: Int, into html: inout String) throws { throw Broken() }
        }
        let site = try TemporarySite(fixture: "cinema", files: Self.badgeKind)
        var cells = CellRegistry()
        cells.register(FailingCell()) { _ in 1 }
        let problems = await site.diagnostics(cells: cells)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("cannot render the cell of") == true)
        #expect(problems.first?.hasPrefix("content/badges/early.md:1:1: error: cannot render the cell of content/badges/early.md:") == true,
                "\(problems)")
    }

    @Test func addingAKindToASiteIsASchemaAndACellTemplate() async throws {
        let site = try TemporarySite(fixture: "cinema")
        try await site.build()
        // Content of a kind the theme does not know yet is refused, naming the known kinds…
        try site.write(["content/notes/episode-12.md": "---\ntitle: On sound design\nkind: podcast\nepisode: 12\ndate: 2024-03-10\ntags: [science fiction]\n---\nA talk about the sound of Dune.\n"])
        await site.expectFailure([
            "content/notes/episode-12.md:3:7: error: unknown kind 'podcast' (known kinds: link, note, review)\n  hint: define it with a schema kinds/podcast.yml and a cell template cells/podcast.html in the theme",
        ])
        // …and the two theme files are all it takes: no Swift, no layout changes.
        try site.write([
            "themes/default/kinds/podcast.yml": "label: Podcast\npage: true\nfields:\n  episode: {type: int, min: 1}\n",
            "themes/default/cells/podcast.html": "<li class=\"podcast\"><a href=\"{{url}}\">#{{episode}} {{title}}</a></li>\n",
        ])
        try await site.build()
        let notes = try site.page("notes/index.html")
        #expect(HTML.slices(of: notes, between: "<ul>\n", and: "</ul>").first == """
            <li class="podcast"><a href="/notes/episode-12/">#12 On sound design</a></li>
            <li class="note">Festival week</li>

            """)
        #expect(try site.page("index.html").contains("<li class=\"podcast\"><a href=\"/notes/episode-12/\">#12 On sound design</a></li>"))
        #expect(try site.page("notes/episode-12/index.html").contains("<h1>On sound design</h1><p>A talk about the sound of Dune.</p>"))
        #expect(try site.page("tags/science-fiction/index.html").contains("<li class=\"podcast\">"))
        #expect(try site.page("feed.xml").contains("<title>On sound design</title>"))
    }
}
