import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// A kind of the site that no theme has: declared in Swift, drawn by a Swift cell.
private struct Badge: Kind {
    var label: String
    var level: Int
    static let fields = [KindField("level", minimum: 1, maximum: 5)]
}

private struct BadgeCell: CellTemplate {
    func render(_ item: Item<Badge>, into html: inout CellarEngine.HTML) throws {
        html.element("b", ["class": "badge", "data-level": String(item.fields.level)], text: item.fields.label)
        html.raw("\n")
    }
}

/// The minimal theme's `note` kind (no fields of its own), declared in Swift.
private struct Note: Kind {}

/// A Swift cell that replaces the theme's `note` cell.
private struct PlainNoteCell: CellTemplate {
    func render(_ item: Item<Note>, into html: inout CellarEngine.HTML) throws {
        html.element("p", ["class": "swift-note"], text: "\(item.title) · \(item.wordCount) words")
        html.raw("\n")
    }
}

private struct Broken: Error {}

/// The generic configurator: cells of any kind, Swift or Mustache, paired with their items and
/// held in one array, so that list code never asks which kind a cell is.
@Suite struct ConfiguratorTests {
    private static let badges = [
        "content/badges/_index.md": Fixture.section("Badges", kind: "badge"),
        "content/badges/early.md": "---\ntitle: Early\nlabel: Early <bird>\nlevel: 3\ndate: 2024-04-01\n---\n",
    ]

    @Test func aSwiftCellDrawsASwiftKindBesideTheThemesMustacheCells() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badges)
        try await site.build(kinds: site.swiftKinds { $0.register(kind: Badge.self, cell: BadgeCell()) })
        let badges = try site.page("badges/index.html")
        #expect(badges.contains("<b class=\"badge\" data-level=\"3\">Early &lt;bird&gt;</b>"))
        // The same cached cell is used by every list: the home page shows it next to Mustache cells.
        let home = try site.page("index.html")
        #expect(home.contains("<b class=\"badge\" data-level=\"3\">Early &lt;bird&gt;</b>"))
        #expect(home.contains("<li class=\"review\"><a href=\"/reviews/dune/\">Dune</a> 9/10 must-see</li>"))
        #expect(home.contains("<li class=\"note\">Festival week</li>"))
        // Its items still get pages (the theme's item layout), feeds and typed fields.
        #expect(site.output("badges/early/index.html")?.contains("<h1>Early</h1>") == true)
        #expect(site.output("feed.xml")?.contains("<title>Early</title>") == true)
    }

    @Test func oneListMixesSwiftAndMustacheCellsInItsOwnOrder() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "content/notes/badge.md": "---\ntitle: Badge\nkind: badge\nlabel: Star\nlevel: 5\ndate: 2024-02-20\n---\n",
        ])
        try await site.build(kinds: site.swiftKinds { $0.register(kind: Badge.self, cell: BadgeCell()) })
        let notes = try site.page("notes/index.html")
        #expect(HTML.slices(of: notes, between: "<ul>\n", and: "</ul>").first == """
            <b class="badge" data-level="5">Star</b>
            <li class="note">Festival week</li>

            """)
    }

    @Test func aSwiftKindWithoutACellIsAnErrorAtItsRegistration() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badges)
        var registered = 0
        let kinds = site.swiftKinds { registered = #line + 1
            $0.register(kind: Badge.self)
        }
        await site.expectFailure([
            "Tests/CellarEngineTests/ConfiguratorTests.swift:\(registered):1: error: Swift kind 'badge' has no cell: the theme has no themes/default/cells/badge.html\n  hint: register a cell with it: site.register(kind: Badge.self, cell: …), or create themes/default/cells/badge.html",
        ], kinds: kinds)
    }

    @Test func theSchemaOfASwiftKindTypesItsFrontMatter() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.badges.merging([
            "content/badges/late.md": "---\ntitle: Late\nlabel: Late\nlevel: 9\n---\n",
        ]) { $1 })
        await site.expectFailure(["content/badges/late.md:4:8: error: 'level' must be an integer from 1 to 5, found 9"],
                                 kinds: site.swiftKinds { $0.register(kind: Badge.self, cell: BadgeCell()) })
    }

    @Test func aSwiftCellReplacesTheThemesCellOfItsKind() async throws {
        let site = try TemporarySite(fixture: "cinema")
        try await site.build(kinds: site.swiftKinds { $0.register(kind: Note.self, cell: PlainNoteCell()) })
        let notes = try site.page("notes/index.html")
        #expect(notes.contains("<p class=\"swift-note\">Festival week · 5 words</p>"))
        #expect(!notes.contains("<li class=\"note\">"))
        // Other kinds keep their Mustache cells.
        #expect(try site.page("reviews/index.html").contains("<li class=\"review\">"))
    }

    @Test func aCellThatThrowsADiagnosticFailsTheBuildWithIt() async throws {
        struct RefusingCell: CellTemplate {
            func render(_ item: Item<Badge>, into html: inout CellarEngine.HTML) throws {
                throw Diagnostic.error("badge '\(item.title)' cannot be drawn", at: SourceLocation(file: item.file), hint: "check its level")
            }
        }
        let site = try TemporarySite(fixture: "cinema", files: Self.badges)
        await site.expectFailure(
            ["content/badges/early.md:1:1: error: badge 'Early' cannot be drawn\n  hint: check its level"],
            kinds: site.swiftKinds { $0.register(kind: Badge.self, cell: RefusingCell()) })
    }

    @Test func aCellThatThrowsAnyOtherErrorFailsTheBuildNamingTheItem() async throws {
        struct FailingCell: CellTemplate {
            func render(_ item: Item<Badge>, into html: inout CellarEngine.HTML) throws { throw Broken() }
        }
        let site = try TemporarySite(fixture: "cinema", files: Self.badges)
        let problems = await site.diagnostics(kinds: site.swiftKinds { $0.register(kind: Badge.self, cell: FailingCell()) })
        #expect(problems == ["content/badges/early.md:1:1: error: cannot render the cell of content/badges/early.md: Broken()"])
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
