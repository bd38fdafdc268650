import CellarTestSupport
import Foundation
import Testing
@testable import CellarServer

/// `/__cellar/events` over a real socket.
@Suite(.timeLimit(.minutes(1 * sanitizerSlowdown))) final class LiveReloadEndToEndTests {
    let folder: TemporaryFolder
    let hub = LiveReloadHub(heartbeatInterval: .milliseconds(300))
    let server: HTTPServer
    let port: UInt16

    init() throws {
        folder = try TemporaryFolder(files: ["index.html": "<body>hi</body>"])
        server = HTTPServer(configuration: ServerConfiguration(root: folder.path, port: 0), hub: hub)
        port = try server.start()
    }

    deinit {
        server.stop()
    }

    @Test func clientReceivesEveryEventInOrder() throws {
        let client = try EventStreamClient(port: port)
        #expect(try waitUntil { self.hub.connectedClients == 1 })
        hub.reload()
        hub.reloadStylesheets()
        hub.showErrors(["content/a.md:4:9: error: 'rating' must be an integer", "content/b.md:1:1: error: x"])
        hub.clearErrors()
        let events = try client.events(count: 4)
        #expect(events == [
            .init(name: "reload", data: "reload"),
            .init(name: "css", data: "css"),
            .init(name: "errors", data: "[\"content/a.md:4:9: error: 'rating' must be an integer\",\"content/b.md:1:1: error: x\"]"),
            .init(name: "ok", data: "ok"),
        ])
    }

    @Test func clientConnectingWhileBrokenSeesTheErrors() throws {
        hub.showErrors(["content/a.md:2:1: error: broken"])
        let client = try EventStreamClient(port: port)
        #expect(try client.events(count: 1) == [.init(name: "errors", data: "[\"content/a.md:2:1: error: broken\"]")])
    }

    @Test func idleStreamGetsHeartbeats() throws {
        let client = try EventStreamClient(port: port)
        usleep(800_000)
        hub.reload()
        _ = try client.events(count: 1)
        #expect(client.received.contains(": ping\n\n"))
    }

    @Test func clientThatLeavesIsDropped() throws {
        var client: EventStreamClient? = try EventStreamClient(port: port)
        #expect(try waitUntil { self.hub.connectedClients == 1 })
        _ = client
        client = nil
        #expect(try waitUntil(timeout: .seconds(3)) { self.hub.connectedClients == 0 })
    }
}
