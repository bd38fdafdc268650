import CellarTestSupport
import Foundation
import Testing
@testable import CellarServer

/// Clients that hold connections without finishing a request, over real sockets: the server
/// keeps answering pages.
@Suite(.serialized, .timeLimit(.minutes(2 * sanitizerSlowdown))) final class ConnectionLimitsEndToEndTests {
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
        // A head deadline no slow machine reaches while the connections open: it would close the
        // oldest without a word before they are turned away.
        let (server, port) = try start(ConnectionLimits(requestHeadTimeout: .seconds(300)))
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
        #expect(try waitUntil(timeout: .seconds(30)) { (server.connectionCounts?.open ?? .max) <= 1000 - 64 },
                "the reserve is freed once the slow connections have idled a second")
        for connection in slow.prefix(100) {
            let answer = String(decoding: try connection.receiveAll(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "the oldest slow connections were told 503 and closed")
        }
    }

    @Test func anIdleConnectionClosedToMakeRoomIsAnswered503WithRetryAfter() throws {
        let (server, port) = try start(ConnectionLimits(maxConnections: 20, reservedForRequests: 5))
        defer { server.stop() }
        let idle = try (0..<16).map { _ in try TCPConnection(port: port) }
        try idle[0].send("GET /robots.txt HTTP/1.1\r\nHost: 127")   // a head that never ends
        let response = try RawHTTPResponse(parsing: idle[0].receiveAll())
        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "1")
        #expect(response.headers["connection"] == "close")
        #expect(response.text.contains("as many connections open as it keeps"))
        for connection in idle.dropFirst() { #expect(!connection.isClosedByPeer, "fifteen fit outside the reserve") }
        #expect(try RawHTTP.get("/robots.txt", port: port).status == 200)
    }

    @Test func aClientPastItsShareOfRequestsIsAnswered503WithRetryAfter() throws {
        let big = try TemporaryFolder(files: ["big.bin": String(repeating: "0123456789abcdef", count: 2 << 20)])   // 32 MiB
        let server = HTTPServer(configuration: ServerConfiguration(root: big.path, port: 0, limits: ConnectionLimits(maxPerClient: 1)))
        let port = try server.start()
        defer { server.stop() }
        let reader = try TCPConnection(port: port)
        try reader.send("GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(String(decoding: try reader.receive(), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        // It stops reading: its response cannot end, so its request is still being answered.
        let refused = try RawHTTP.get("/big.bin", port: port)
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.text == "503 Service Unavailable: this preview server is already answering 1 requests from your address; retry in 1 s\n")
        let other = try TCPConnection(port: port, from: "127.0.0.2")
        try other.send("HEAD /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(try RawHTTPResponse(parsing: other.receiveAll()).status == 200, "another address has its own share")
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

    @Test func pastTheStreamCapANewPageIsAnswered503WithRetryAfterAndTheOpenOnesKeepGoing() throws {
        let hub = LiveReloadHub()
        let (server, port) = try start(ConnectionLimits(maxEventStreams: 2), hub: hub)
        defer { server.stop() }
        var streams: [EventStreamClient] = []
        for _ in 0..<2 {
            let stream = try EventStreamClient(port: port)
            try stream.waitUntilConnected()
            streams.append(stream)
        }
        let refused = try RawHTTP.get("/__cellar/events", port: port, headers: ["Accept": "text/event-stream"])
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.text.contains("no more pages can live-reload now (at most 2 at once)"))
        #expect(hub.connectedClients == 2)
        hub.reload()
        for stream in streams {
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
