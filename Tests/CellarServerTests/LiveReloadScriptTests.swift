import Foundation
import Testing
@testable import CellarServer

/// Node.js, where installed (Debian: `nodejs`).
private let node: String? = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// The live-reload script's reconnecting, run in Node.js against a stand-in `EventSource` and
/// `setTimeout` that only record: the delays are read off, never waited for. Skipped where Node
/// is not installed.
@Suite(.enabled(if: node != nil, "needs Node.js")) struct LiveReloadScriptTests {
    /// Runs the script, then `steps` (JavaScript using `fail()`, `open()` and `retry()`), and
    /// returns what the steps `log`ged.
    private func run(random: Double, _ steps: String) throws -> [String] {
        let harness = """
            const sources = [], timers = [], logged = [];
            Math.random = () => \(random);
            globalThis.window = globalThis;
            globalThis.location = { reload() { logged.push("reload"); } };
            globalThis.document = { addEventListener() {}, getElementById() { return null; } };
            globalThis.setTimeout = (callback, delay) => { timers.push({ callback, delay }); };
            class EventSource {
              static CONNECTING = 0; static OPEN = 1; static CLOSED = 2;
              constructor(url) { this.url = url; this.readyState = 0; this.listeners = {}; sources.push(this); }
              addEventListener(name, listener) { (this.listeners[name] ||= []).push(listener); }
              close() { this.readyState = 2; }
              fire(name) { for (const listener of this.listeners[name] || []) listener({ data: "" }); }
            }
            globalThis.EventSource = EventSource;
            const log = (text) => logged.push(String(text));
            const current = () => sources[sources.length - 1];
            // The server refused the stream (503) or was unreachable: the browser gives up on it.
            const fail = () => { current().readyState = 2; current().fire("error"); };
            const open = () => { current().readyState = 1; current().fire("open"); };
            // The last delay asked for, then what runs after it.
            const retry = () => { const timer = timers.shift(); log(timer.delay); timer.callback(); };
            \(LiveReloadScript.source)
            \(steps)
            console.log(JSON.stringify(logged));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(node))
        process.arguments = ["-e", harness]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([String].self, from: data)
    }

    @Test func afterEachRefusalItWaitsTwiceAsLongUpToThirtySecondsWithJitter() throws {
        let steps = Array(repeating: "fail(); retry();", count: 8).joined(separator: " ")
        #expect(try run(random: 0.25, steps) == ["750", "1500", "3000", "6000", "12000", "22500", "22500", "22500"])
        #expect(try run(random: 0.9, "fail(); retry(); fail(); retry();") == ["1400", "2800"],
                "each page draws its own delay, between half and one and a half times the step")
    }

    @Test func aStreamThatOpensStartsTheDelaysAgain() throws {
        let log = try run(random: 0.5, "fail(); retry(); fail(); retry(); open(); log(window.__cellarLiveReload.failures); fail(); retry();")
        #expect(log == ["1000", "2000", "0", "1000"])
    }

    @Test func aDroppedStreamIsLeftToTheBrowsersOwnRetryAndThePageReloadsWhenBack() throws {
        // The stream was open and dropped (the server restarted): EventSource retries by itself
        // after the stream's `retry:` delay (readyState CONNECTING), so the script waits for it.
        let log = try run(random: 0.5, """
            open(); current().readyState = 0; current().fire("error"); log(timers.length);
            open();
            """)
        #expect(log == ["0", "reload"])
    }
}
