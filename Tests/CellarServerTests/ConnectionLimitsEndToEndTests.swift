import CellarTestSupport
import Foundation
import Testing
@testable import CellarServer

/// Clients that hold connections without finishing a request, over real sockets: the server
/// keeps answering pages.
@Suite(.serialized, .timeLimit(.minutes(2))) final class ConnectionLimitsEndToEndTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(files: ["index.html": "<body>hi</body>", "robots.txt": "User-agent: *"])
        DescriptorLimit.raise(to: 8192)
    }

    private func start(_ limits: ConnectionLimits = ConnectionLimits(), hub: LiveReloadHub = LiveReloadHub()) throws -> (HTTPServer, UInt16) {
        let server = HTTPServer(configuration: ServerConfiguration(root: folder.path, port: 0, limits: limits), hub: hub)
        return (server, try server.start())
    }

    /// A page request on a fresh connection, and how long it took.
    private func timedGet(_ path: String, port: UInt16) throws -> (RawHTTPResponse, Duration) {
        let started = ContinuousClock.now
        let response = try RawHTTP.get(path, port: port)
        return (response, started.duration(to: .now))
    }

    @Test func elevenHundredSlowConnectionsDoNotStopAPageRequest() throws {
        try #require(DescriptorLimit.raise(to: 8192) >= 4096, "the test needs room for 2,200 descriptors")
        let (server, port) = try start()
        defer { server.stop() }
        // Ten clients (127.0.0.10 to .19) each open 110 connections and send one byte of a
        // request head, as a slowloris does, so no client passes its own share: the total does.
        var slow: [TCPConnection] = []
        for index in 0..<1100 {
            let connection = try TCPConnection(port: port, from: "127.0.0.\(10 + index % 10)")
            try connection.send("G")
            slow.append(connection)
        }
        #expect(try waitUntil(timeout: .seconds(60)) { (server.connectionCounts?.accepted ?? 0) >= 1100 })
        let (response, elapsed) = try timedGet("/robots.txt", port: port)
        #expect(response.status == 200)
        #expect(response.text == "User-agent: *")
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        let open = try #require(server.connectionCounts?.open)
        #expect(open <= 1000 - 64, "the reserve stays free: \(open) open")
        let closedOldest = slow.prefix(100).filter { $0.isClosedByPeer }.count
        #expect(closedOldest == 100, "the oldest slow connections were closed to make room")
    }

    @Test func aConnectionTricklingItsHeadIsClosedAtTheDeadline() throws {
        let (server, port) = try start(ConnectionLimits(requestHeadTimeout: .seconds(1)))
        defer { server.stop() }
        let connection = try TCPConnection(port: port)
        let started = ContinuousClock.now
        var closedAfter: Duration?
        for byte in Array("GET /index.html HTTP/1.1\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100) {
            if (try? connection.send([byte])) == nil || connection.isClosedByPeer {
                closedAfter = started.duration(to: .now)
                break
            }
            usleep(100_000)
            if started.duration(to: .now) > .seconds(6) { break }
        }
        let after = try #require(closedAfter, "still open after 6 s of one byte every 100 ms")
        #expect(after >= .milliseconds(900))
        #expect(after < .seconds(4))
        #expect(try RawHTTP.get("/robots.txt", port: port).status == 200, "a prompt request is answered")
    }

    @Test func anIdleKeepAliveConnectionIsClosedButAPromptOneIsAnswered() throws {
        let (server, port) = try start(ConnectionLimits(requestHeadTimeout: .seconds(1)))
        defer { server.stop() }
        let connection = try TCPConnection(port: port)
        try connection.send("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var response = ""
        while !response.hasSuffix("User-agent: *"), case let chunk = try connection.receive(), !chunk.isEmpty {
            response += String(decoding: chunk, as: UTF8.self)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(try waitUntil(timeout: .seconds(4)) { connection.isClosedByPeer })
    }

    @Test func theOldestLiveReloadStreamsAreClosedPastTheCap() throws {
        let hub = LiveReloadHub()
        let (server, port) = try start(ConnectionLimits(maxEventStreams: 3), hub: hub)
        defer { server.stop() }
        var streams: [EventStreamClient] = []
        for _ in 0..<5 {
            let stream = try EventStreamClient(port: port)
            try stream.waitUntilConnected()
            streams.append(stream)
        }
        for stream in streams.prefix(2) {
            let events = try stream.events(count: 1)
            #expect(events.first?.name == "limit")
            #expect(events.first?.data.contains("too many pages") == true)
            #expect(stream.waitForEnd())
        }
        #expect(try waitUntil { hub.connectedClients == 3 })
        hub.reload()
        for stream in streams.suffix(3) {
            #expect(try stream.events(count: 1) == [.init(name: "reload", data: "reload")])
        }
    }

    @Test func threeHundredStreamsDoNotStopAPageRequest() throws {
        let hub = LiveReloadHub()
        let (server, port) = try start(hub: hub)
        defer { server.stop() }
        var streams: [EventStreamClient] = []
        for _ in 0..<300 { streams.append(try EventStreamClient(port: port)) }
        #expect(try waitUntil(timeout: .seconds(30)) { (server.connectionCounts?.accepted ?? 0) >= 300 })
        let (response, elapsed) = try timedGet("/robots.txt", port: port)
        #expect(response.status == 200)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        #expect(try waitUntil { hub.connectedClients <= 64 })
    }
}
