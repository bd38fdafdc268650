import Testing
@testable import CellarServer

@Suite struct LiveReloadHubTests {
    let hub = LiveReloadHub()

    private func drain(_ connection: LiveReloadHub.Connection) -> String {
        var text = ""
        while case .bytes(let bytes) = hub.takePending(connection, maxBytes: 7) {
            text += String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    @Test func newConnectionStartsWithTheRetryDelay() throws {
        let connection = try #require(hub.connect(randomDelay: { $0.lowerBound }))
        defer { hub.disconnect(connection) }
        #expect(drain(connection) == "retry: 500\n\n")
        #expect(hub.takePending(connection, maxBytes: 100) == .waiting)
        #expect(hub.connectedClients == 1)
    }

    @Test func eventsArriveInOrderInSmallChunks() throws {
        let connection = try #require(hub.connect())
        defer { hub.disconnect(connection) }
        _ = drain(connection)
        hub.reload()
        hub.reloadStylesheets()
        hub.showErrors(["a.md:1:2: error: x"])
        hub.clearErrors()
        #expect(drain(connection) == """
            event: reload\ndata: reload\n\nevent: css\ndata: css\n\n\
            event: errors\ndata: ["a.md:1:2: error: x"]\n\nevent: ok\ndata: ok\n\n
            """)
    }

    @Test func connectionOpenedWhileBrokenGetsTheErrorsAtOnce() throws {
        hub.showErrors(["content/a.md:4:9: error: bad"])
        let connection = try #require(hub.connect(randomDelay: { $0.lowerBound }))
        defer { hub.disconnect(connection) }
        #expect(drain(connection) == "retry: 500\n\nevent: errors\ndata: [\"content/a.md:4:9: error: bad\"]\n\n")
        #expect(hub.currentErrors == ["content/a.md:4:9: error: bad"])
    }

    @Test func clearErrorsSendsOkOnlyWhenBroken() throws {
        let connection = try #require(hub.connect())
        defer { hub.disconnect(connection) }
        _ = drain(connection)
        hub.clearErrors()
        #expect(hub.takePending(connection, maxBytes: 100) == .waiting)
        hub.showErrors(["x"])
        hub.rebuildSucceeded(stylesheetsOnly: true)
        #expect(drain(connection).hasSuffix("event: ok\ndata: ok\n\nevent: css\ndata: css\n\n"))
        #expect(hub.currentErrors == nil)
    }

    @Test func rebuildSucceededReloads() throws {
        let connection = try #require(hub.connect())
        defer { hub.disconnect(connection) }
        _ = drain(connection)
        hub.rebuildSucceeded(stylesheetsOnly: false)
        #expect(drain(connection) == "event: reload\ndata: reload\n\n")
    }

    @Test func everyConnectionGetsEveryEvent() throws {
        let connections = try (0..<3).map { _ in try #require(hub.connect()) }
        hub.reload()
        for connection in connections {
            #expect(drain(connection).hasSuffix("event: reload\ndata: reload\n\n"))
            hub.disconnect(connection)
        }
        #expect(hub.connectedClients == 0)
    }

    @Test func disconnectedConnectionIsClosed() throws {
        let connection = try #require(hub.connect())
        hub.disconnect(connection)
        #expect(hub.takePending(connection, maxBytes: 100) == .closed)
    }

    @Test func connectionThatStopsReadingIsClosed() throws {
        let connection = try #require(hub.connect())
        defer { hub.disconnect(connection) }
        let huge = String(repeating: "x", count: 300_000)
        for _ in 0..<4 { hub.showErrors([huge]) }
        #expect(hub.takePending(connection, maxBytes: 100) == .closed)
    }

    @Test func heartbeatIsAComment() throws {
        let connection = try #require(hub.connect())
        defer { hub.disconnect(connection) }
        _ = drain(connection)
        hub.enqueueHeartbeat(connection)
        #expect(drain(connection) == ": ping\n\n")
    }

    @Test func eachStreamDrawsItsOwnReconnectDelay() throws {
        var asked: [Range<Int>] = []
        let connection = try #require(hub.connect(randomDelay: { asked.append($0); return 1234 }))
        defer { hub.disconnect(connection) }
        #expect(asked == [500..<1500], "pages of a restarted server come back spread over a second")
        #expect(drain(connection) == "retry: 1234\n\n")
    }

    @Test func pastTheCapANewStreamIsRefusedAndTheOpenOnesKeepGoing() throws {
        let open = try (0..<2).map { _ in try #require(hub.connect(limit: 2)) }
        defer { open.forEach(hub.disconnect) }
        #expect(hub.connect(limit: 2) == nil)
        #expect(hub.connectedClients == 2)
        for connection in open { _ = drain(connection) }
        hub.reload()
        for connection in open { #expect(drain(connection) == "event: reload\ndata: reload\n\n") }
        hub.disconnect(open[0])
        let again = try #require(hub.connect(limit: 2), "a stream that ends makes room")
        hub.disconnect(again)
    }
}
