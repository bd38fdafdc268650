import Testing
@testable import CellarServer

@Suite struct LiveReloadEventTests {
    @Test(arguments: [
        (LiveReloadEvent.reload, "event: reload\ndata: reload\n\n"),
        (LiveReloadEvent.css, "event: css\ndata: css\n\n"),
        (LiveReloadEvent.ok, "event: ok\ndata: ok\n\n"),
        (LiveReloadEvent.errors([]), "event: errors\ndata: []\n\n"),
        (
            LiveReloadEvent.errors(["content/a.md:4:9: error: 'rating' must be \"int\"", "b\\c\nhint: x\t\u{1}\u{2028}"]),
            "event: errors\ndata: [\"content/a.md:4:9: error: 'rating' must be \\\"int\\\"\",\"b\\\\c\\nhint: x\\t\\u2028\"]\n\n"
        ),
    ])
    func wireFormat(_ event: LiveReloadEvent, _ expected: String) {
        #expect(String(decoding: event.wireFormat, as: UTF8.self) == expected)
    }

    @Test func errorDataStaysOnOneLine() {
        let wire = String(decoding: LiveReloadEvent.errors(["a\nb\r\nc"]).wireFormat, as: UTF8.self)
        #expect(wire.split(separator: "\n").count == 2)
    }
}
