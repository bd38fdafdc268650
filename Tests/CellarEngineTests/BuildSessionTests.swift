import AnnotatedLocking
@testable import CellarEngine
import Foundation
import Synchronization
import Testing

/// Counts the cells a build renders: a Swift cell for `note` items that notes each render.
private final class RenderCounter: Sendable {
    private let count = Mutex(0)
    func add() { count.withAnnotatedLock { $0 += 1 } }
    var renders: Int { count.withAnnotatedLock { $0 } }
}

private struct CountingNoteCell: CellTemplate {
    let kind = "note"
    let counter: RenderCounter

    func render(_ item: CellarEngine.Item, into html: inout String) throws {
        counter.add()
        html += "<p class=\"note\">\(item.title)</p>\n"
    }
}

/// What a session (the preview server's build) redoes after a change, and what it leaves alone.
@Suite struct BuildSessionTests {
    @Test func aStylesheetEditCopiesTheStylesheetAndRendersNothingAgain() async throws {
        let site = try TemporarySite(fixture: "cinema", files: ["themes/default/assets/css/extra.css": "p { color: red }\n"])
        let counter = RenderCounter()
        var cells = CellRegistry()
        cells.register(CountingNoteCell(counter: counter))
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options, cells: cells)
        _ = try await session.build()
        let rendered = counter.renders
        #expect(rendered > 0)

        let stylesheet = site.root + "/themes/default/assets/css/extra.css"
        try site.write(["themes/default/assets/css/extra.css": "p { color: blue }\n"])
        let report = try await session.build(changed: [stylesheet])
        #expect(site.output("css/extra.css") == "p { color: blue }\n")
        #expect(report.written == 1, "only the stylesheet is written")
        #expect(counter.renders == rendered, "no cell is rendered again for a change no page contains")

        // A template is in every page: editing one renders everything again.
        let cell = site.root + "/themes/default/cells/review.html"
        try site.write(["themes/default/cells/review.html": try String(contentsOfFile: cell, encoding: .utf8) + "\n"])
        _ = try await session.build(changed: [cell])
        #expect(counter.renders == 2 * rendered)
    }
}
