import AnnotatedLocking
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Synchronization
import Testing

/// Counts the cells a build renders: a Swift cell for `note` items that notes each render.
private final class RenderCounter: Sendable {
    private let count = Mutex(0)
    func add() { count.withAnnotatedLock { $0 += 1 } }
    var renders: Int { count.withAnnotatedLock { $0 } }
}

/// The fixture's `note` kind (no fields of its own), declared in Swift.
private struct Note: Kind {}

private struct CountingNoteCell: CellTemplate {
    let counter: RenderCounter

    func render(_ item: Item<Note>, into html: inout CellarEngine.HTML) throws {
        counter.add()
        html.element("p", ["class": "note"], text: item.title)
        html.raw("\n")
    }
}

/// What a session (the preview server's build) redoes after a change, and what it leaves alone.
@Suite struct BuildSessionTests {
    @Test func aStylesheetEditCopiesTheStylesheetAndRendersNothingAgain() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/assets/css/extra.css": "p { color: red }\n", "content/files/notes.txt": "one\n",
        ])
        let counter = RenderCounter()
        var options = site.options(kinds: site.swiftKinds { $0.register(kind: Note.self, cell: CountingNoteCell(counter: counter)) })
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        let rendered = counter.renders
        #expect(rendered > 0)

        let stylesheet = site.root + "/themes/default/assets/css/extra.css"
        try site.write(["themes/default/assets/css/extra.css": "p { color: blue }\n"])
        let report = try await session.build(changed: [stylesheet])
        #expect(site.output("css/extra.css") == "p { color: blue }\n")
        #expect(report.written == 1, "only the stylesheet is written")
        #expect(counter.renders == rendered, "no cell is rendered again for a change no page contains")

        // The same for a file content/ only copies.
        try site.write(["content/files/notes.txt": "two\n"])
        let copied = try await session.build(changed: [site.root + "/content/files/notes.txt"])
        #expect(site.output("files/notes.txt") == "two\n")
        #expect(copied.written == 1 && counter.renders == rendered)

        // A template is in every page: editing one renders everything again.
        let cell = site.root + "/themes/default/cells/review.html"
        try site.write(["themes/default/cells/review.html": try String(contentsOfFile: cell, encoding: .utf8) + "\n"])
        _ = try await session.build(changed: [cell])
        #expect(counter.renders == 2 * rendered)
    }

    @Test func aRebuildOfOneItemStillReportsWhatConcernsTheWholeSite() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site("") + "See [the draft](notes/draft.md).\n",
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/a.md": Fixture.item("title: A\ndate: 2024-01-01\ntags: [Swift]\n", body: "First.\n"),
            "content/notes/b.md": Fixture.item("title: B\ndate: 2024-01-02\ntags: [swift]\n", body: "Second.\n"),
            "content/notes/draft.md": Fixture.item("title: Draft\ndraft: true\n"),
        ])
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        let first = try await session.build().diagnostics.map(\.headline)
        #expect(first.contains { $0.contains("share the URL /tags/swift/") }, "\(first)")
        #expect(first.contains { $0.contains("draft.md") && $0.contains("warning") }, "\(first)")

        // An edit of one item's words is rebuilt from memory; the site's notes are still reported.
        let note = site.root + "/content/notes/a.md"
        try site.write(["content/notes/a.md": Fixture.item("title: A\ndate: 2024-01-01\ntags: [Swift]\n", body: "First, edited.\n")])
        let rebuilt = try await session.build(changed: [note])
        #expect(site.output("notes/a/index.html")?.contains("First, edited.") == true)
        #expect(rebuilt.diagnostics.map(\.headline) == first)
    }
}
