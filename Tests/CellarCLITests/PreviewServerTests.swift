import AnnotatedLocking
@testable import CellarCLI
import CellarEngine
import CellarServer
import CellarTestSupport
import Foundation
import Synchronization
import Testing

/// `cellar serve` end to end: a real server on a free loopback port, a real file watcher, the
/// site rebuilt from memory, and the events an open page receives.
@Suite(.serialized) struct PreviewServerTests {
    /// How long one read may wait. Generous: the whole test suite runs in parallel on the same
    /// cores (and ten times slower under ThreadSanitizer), and this test checks what arrives, not
    /// how fast — scripts/serve-latency and the browser test measure that.
    fileprivate static let patience = 120

    private func get(_ path: String, port: UInt16) async throws -> String {
        try await offThePool {
            let connection = try TCPConnection(port: port, timeout: Self.patience)
            try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return String(decoding: try connection.receiveAll(), as: UTF8.self)
        }
    }

    /// Runs blocking socket reads on a thread of their own: blocking a thread of Swift's small
    /// cooperative pool could starve the very rebuild the test waits for.
    private func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: body)) }.start()
        }
    }

    @Test func anEditIsRebuiltAndEveryOpenPageIsToldToReload() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "site"], in: folder.path).status == .success)
        let site = folder.path + "/site"
        let post = site + "/content/posts/hello-world.md"
        let capture = CapturingTerminal()
        let preview = PreviewServer(options: BuildOptions(siteDirectory: site, writeMode: .inPlace),
                                    host: "127.0.0.1", port: 0, terminal: capture.terminal)
        let address = try await preview.start()
        defer { preview.stop() }
        let port = try #require(preview.boundPort)
        #expect(address == "http://127.0.0.1:\(port)/")

        let before = try await get("/posts/hello-world/", port: port)
        #expect(before.hasPrefix("HTTP/1.1 200"))
        #expect(before.contains("/__cellar/live.js"), "the live-reload script is added as the page is served")
        #expect(!FileManager.default.fileExists(atPath: site + "/public"), "serve never writes public/")

        // An open page's event stream, then an edit saved the way editors do (write + rename).
        let events = Mutex(try EventStreamClient(port: port, timeout: Self.patience))   // read from one thread at a time
        try await offThePool { try events.withAnnotatedLock { try $0.waitUntilConnected() } }
        let original = try String(contentsOfFile: post, encoding: .utf8)
        try Data((original + "\nEdited while serving.\n").utf8).write(to: URL(fileURLWithPath: post), options: .atomic)
        #expect(try await offThePool { try events.withAnnotatedLock { try $0.events(count: 1) } } == [.init(name: "reload", data: "reload")])
        #expect(try await get("/posts/hello-world/", port: port).contains("Edited while serving."))

        // A broken file: the page is told the errors, with their place; fixing it clears them.
        // Written whole (as editors save): a file seen half-written would give one more failed rebuild.
        try Data("---\ntitle: Broken\ndate: not a date\n---\n".utf8).write(to: URL(fileURLWithPath: site + "/content/posts/broken.md"),
                                                                           options: .atomic)
        let shown = try await offThePool { try events.withAnnotatedLock { try $0.events(count: 2) } }
        #expect(shown.last?.name == "errors")
        #expect(shown.last?.data.contains("content/posts/broken.md:3:7: error: 'date' must be a date") == true, "\(shown)")
        try FileManager.default.removeItem(atPath: site + "/content/posts/broken.md")
        let cleared = try await offThePool { try events.withAnnotatedLock { try $0.events(count: 4) } }
        #expect(cleared.dropFirst(2).map(\.name) == ["ok", "reload"], "\(cleared)")
        #expect(capture.err.contains("the last good site is still served"))
    }

    @Test func stoppingReleasesThePortAndRemovesTheFolder() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "site"], in: folder.path).status == .success)
        let preview = PreviewServer(options: BuildOptions(siteDirectory: folder.path + "/site", writeMode: .inPlace),
                                    host: "127.0.0.1", port: 0, terminal: CapturingTerminal().terminal)
        _ = try await preview.start()
        let port = try #require(preview.boundPort)
        let scratch = try #require(preview.scratchFolder)
        #expect(FileManager.default.fileExists(atPath: scratch + "/site/index.html"))
        preview.stop()
        #expect(throws: (any Error).self) { try TCPConnection(port: port, timeout: 1) }
        #expect(!FileManager.default.fileExists(atPath: scratch), "the private folder is removed")
    }

    /// An open page's event stream, read from one thread at a time.
    private final class OpenPage: Sendable {
        private let events: Mutex<EventStreamClient>
        private let seen = Mutex(0)

        init(port: UInt16) throws {
            events = Mutex(try EventStreamClient(port: port, timeout: PreviewServerTests.patience))
            try events.withAnnotatedLock { try $0.waitUntilConnected() }
        }

        /// Reads until an event named `name` arrives after those already seen.
        func waitFor(_ name: String) throws {
            let deadline = ContinuousClock.now + .seconds(PreviewServerTests.patience)
            try events.withAnnotatedLock { client in
                var count = seen.withAnnotatedLock { $0 } + 1
                while true {
                    let received = try client.events(count: count, deadline: deadline)
                    guard received.count == count else {
                        throw TCPConnection.Failure(description: "no '\(name)' event in time: \(received)")
                    }
                    if received.last?.name == name { break }
                    count += 1
                }
                seen.withAnnotatedLock { $0 = count }
            }
        }
    }

    @Test(arguments: FileWatcherKind.allCases)
    func contentDeletedAndRestoredIsWatchedAgain(_ watcherKind: FileWatcherKind) async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "site"], in: folder.path).status == .success)
        let site = folder.path + "/site"
        let preview = PreviewServer(options: BuildOptions(siteDirectory: site, writeMode: .inPlace),
                                    host: "127.0.0.1", port: 0, terminal: CapturingTerminal().terminal,
                                    watcherKind: watcherKind)
        _ = try await preview.start()
        defer { preview.stop() }
        let port = try #require(preview.boundPort)
        let page = try await offThePool { try OpenPage(port: port) }

        // rm -rf content; cp -a backup content
        try FileManager.default.copyItem(atPath: site + "/content", toPath: folder.path + "/backup")
        try FileManager.default.removeItem(atPath: site + "/content")
        try await offThePool { try page.waitFor("errors") }
        try FileManager.default.copyItem(atPath: folder.path + "/backup", toPath: site + "/content")
        try await offThePool { try page.waitFor("reload") }

        let post = site + "/content/posts/hello-world.md"
        let original = try String(contentsOfFile: post, encoding: .utf8)
        try Data((original + "\nEdited after the restore.\n").utf8).write(to: URL(fileURLWithPath: post), options: .atomic)
        try await offThePool { try page.waitFor("reload") }
        #expect(try await get("/posts/hello-world/", port: port).contains("Edited after the restore."))
    }

    @Test func foldersOfServesThatAreGoneAreRemovedAndNothingElse() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "site"], in: folder.path).status == .success)
        let temporary = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)

        // A process killed with SIGKILL, as a serve would be: its pid is free once reaped.
        let victim = Process()
        victim.executableURL = URL(fileURLWithPath: "/bin/sleep")
        victim.arguments = ["60"]
        try victim.run()
        let dead = victim.processIdentifier
        kill(dead, SIGKILL)
        victim.waitUntilExit()

        func scratch(_ name: String, marker: String?) throws -> String {
            let path = temporary + "/" + name
            try FileManager.default.createDirectory(atPath: path + "/site", withIntermediateDirectories: true)
            if let marker { try Data(marker.utf8).write(to: URL(fileURLWithPath: path + "/" + PreviewServer.scratchMarker)) }
            return path
        }
        let abandoned = try scratch("cellar-serve-\(dead)-a1B2c3", marker: "\(dead)\n")
        let unmarked = try scratch("cellar-serve-\(dead)-d4E5f6", marker: nil)
        let otherOwner = try scratch("cellar-serve-\(dead)-g7H8i9", marker: "\(getpid())\n")
        let alive = try scratch("cellar-serve-\(getpid())-j1K2l3", marker: "\(getpid())\n")
        let unrelated = try scratch("cellar-serve-notes", marker: "\(dead)\n")
        let elsewhere = try scratch("elsewhere", marker: "\(dead)\n")
        try FileManager.default.createSymbolicLink(atPath: temporary + "/cellar-serve-\(dead)-m4N5o6", withDestinationPath: elsewhere)

        let preview = PreviewServer(options: BuildOptions(siteDirectory: folder.path + "/site", writeMode: .inPlace),
                                    host: "127.0.0.1", port: 0, terminal: CapturingTerminal().terminal,
                                    temporaryDirectory: temporary)
        _ = try await preview.start()
        let own = try #require(preview.scratchFolder)
        #expect(!FileManager.default.fileExists(atPath: abandoned), "the dead serve's folder is removed")
        for kept in [unmarked, otherOwner, alive, unrelated, elsewhere, temporary + "/cellar-serve-\(dead)-m4N5o6"] {
            #expect(FileManager.default.fileExists(atPath: kept), "\(kept) is not provably a dead serve's")
        }
        #expect(URL(fileURLWithPath: own).lastPathComponent.hasPrefix("cellar-serve-\(getpid())-"))
        #expect(try String(contentsOfFile: own + "/" + PreviewServer.scratchMarker, encoding: .utf8) == "\(getpid())\n")
        preview.stop()
        #expect(!FileManager.default.fileExists(atPath: own))
    }
}

