import Testing
@testable import CellarServer

/// Which connections the server closes and which requests it refuses, without sockets: the ids
/// stand for connections and the "sockets" are the same numbers, so the closings can be read off.
/// Time is passed in, in milliseconds from `start`.
@Suite struct ConnectionLedgerTests {
    let start = ContinuousClock.now
    let local: [UInt8] = [127, 0, 0, 1]
    let other: [UInt8] = [192, 168, 1, 20]

    private func ledger(_ limits: ConnectionLimits) -> ConnectionLedger {
        ConnectionLedger(limits: limits)
    }

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant {
        start + .milliseconds(milliseconds)
    }

    @Test func enteringTheReserveClosesTheLongestIdleConnection() {
        var ledger = ledger(ConnectionLimits(maxConnections: 10, reservedForRequests: 2))
        for id in 1...8 {
            #expect(ledger.open(UInt(id), client: local, socket: Int32(id), at: at(id)).turnedAway == [])
        }
        ledger.requestArrived(1, at: at(9))   // answering: never closed to make room
        #expect(ledger.open(9, client: other, socket: 9, at: at(2000)).turnedAway == [2])
        #expect(ledger.open(10, client: other, socket: 10, at: at(2001)).turnedAway == [3])
        #expect(ledger.openCount == 8)
    }

    @Test func aConnectionIdleForLessThanASecondIsNotClosedToKeepTheReserve() {
        var ledger = ledger(ConnectionLimits(maxConnections: 4, reservedForRequests: 2))
        for id in 1...3 { _ = ledger.open(UInt(id), client: local, socket: Int32(id), at: at(0)) }
        #expect(ledger.open(4, client: local, socket: 4, at: at(999)).turnedAway == [], "its request may be on its way")
        #expect(ledger.openCount == 4, "the reserve is used")
        #expect(ledger.expire(at: at(1000)) == .init(expired: [], turnedAway: [1, 2]), "the watchdog frees the reserve")
    }

    @Test func pastTheMaximumTheLongestIdleMakesRoomForTheNewcomerWhateverItsAge() {
        var ledger = ledger(ConnectionLimits(maxConnections: 4, reservedForRequests: 2))
        for id in 1...4 { _ = ledger.open(UInt(id), client: local, socket: Int32(id), at: at(id)) }
        ledger.requestArrived(1, at: at(5))
        #expect(ledger.open(5, client: local, socket: 5, at: at(6)).turnedAway == [2], "a slowloris, more likely than the newcomer")
        #expect(ledger.openCount == 4)
    }

    @Test func theNewConnectionIsTurnedAwayOnlyPastTheMaximum() {
        var ledger = ledger(ConnectionLimits(maxConnections: 2, reservedForRequests: 1, idleBeforeEviction: .zero))
        #expect(ledger.open(1, client: local, socket: 1, at: at(0)).turnedAway == [])
        #expect(ledger.open(2, client: local, socket: 2, at: at(0)).turnedAway == [1], "never the new one to make room")
        ledger.requestArrived(2, at: at(0))
        #expect(ledger.open(3, client: local, socket: 3, at: at(0)).turnedAway == [], "nothing idle: the reserve is used")
        ledger.requestArrived(3, at: at(0))
        #expect(ledger.open(4, client: local, socket: 4, at: at(0)).turnedAway == [4], "past the maximum, nothing idle: told 503")
        #expect(ledger.entries[4]?.activity.enter(.answering, at: at(1)) == false)
        #expect(ledger.openCount == 2)
    }

    @Test func whenNothingIsIdleTheReserveIsUsed() {
        var ledger = ledger(ConnectionLimits(maxConnections: 4, reservedForRequests: 2))
        for id in 1...2 {
            _ = ledger.open(UInt(id), client: local, socket: Int32(id), at: at(id))
            ledger.requestArrived(UInt(id), at: at(id))
        }
        #expect(ledger.open(3, client: local, socket: 3, at: at(5000)).turnedAway == [])
        #expect(ledger.openCount == 3)
    }

    @Test func aClientPastItsShareOfRequestsIsAnswered503() {
        var ledger = ledger(ConnectionLimits(maxPerClient: 2))
        for id in 1...4 { _ = ledger.open(UInt(id), client: id == 4 ? local : other, socket: Int32(id), at: at(id)) }
        #expect(ledger.admit(1) == .serve)
        #expect(ledger.admit(2) == .serve)
        #expect(ledger.admit(3) == .refuse(.clientBusy(limit: 2)))
        #expect(ledger.admit(4) == .serve, "another client is not affected")
        ledger.finished(1)
        #expect(ledger.admit(3) == .serve, "a finished request no longer counts")
        ledger.closed(2)
        #expect(ledger.admit(1) == .serve, "nor one whose connection closed")
        #expect(ledger.admit(1) == .serve, "a request is counted once")
        #expect(ledger.open(5, client: other, socket: 5, at: at(9)).turnedAway == [])
        #expect(ledger.admit(5) == .refuse(.clientBusy(limit: 2)))
    }

    @Test func idleConnectionsDoNotCountTowardsTheirClientsShare() {
        // A slowloris on the browser's own address (both 127.0.0.1) must not shut the browser out.
        var ledger = ledger(ConnectionLimits(maxPerClient: 256))
        for id in 1...600 { _ = ledger.open(UInt(id), client: local, socket: Int32(id), at: at(0)) }
        #expect(ledger.open(601, client: local, socket: 601, at: at(1)).turnedAway == [])
        #expect(ledger.admit(601) == .serve)
        #expect(ledger.openCount == 601, "nothing closed: no limit was passed")
    }

    @Test func aLateRequestHeadClosesTheConnectionHoweverItTrickles() {
        var ledger = ledger(ConnectionLimits(requestHeadTimeout: .seconds(2)))
        _ = ledger.open(1, client: local, socket: 1, at: at(0))
        _ = ledger.open(2, client: local, socket: 2, at: at(1500))
        #expect(ledger.expire(at: at(1999)) == .init())
        #expect(ledger.expire(at: at(2000)) == .init(expired: [1]))
        #expect(ledger.expire(at: at(2000)) == .init(), "closed once")
        ledger.requestArrived(2, at: at(2100))
        #expect(ledger.expire(at: at(9000)) == .init(), "a request being answered has no deadline")
        ledger.requestCompleted(2, at: at(9000))
        #expect(ledger.expire(at: at(11000)) == .init(expired: [2]), "a keep-alive connection waits again after its response")
        ledger.closed(1)
        ledger.closed(2)
        #expect(ledger.entries.isEmpty)
    }

    @Test func aConnectionThatBeganAnsweringIsNotClosed() {
        var ledger = ledger(ConnectionLimits(maxConnections: 2, reservedForRequests: 1, idleBeforeEviction: .zero))
        let (first, _) = ledger.open(1, client: local, socket: 1, at: at(0))
        #expect(first.enter(.answering, at: at(0)))
        #expect(ledger.open(2, client: local, socket: 2, at: at(0)).turnedAway == [])
        let (third, evicted) = ledger.open(3, client: local, socket: 3, at: at(0))
        #expect(evicted == [2])
        #expect(third.enter(.answering, at: at(1)))
        #expect(ledger.entries[2]?.activity.enter(.answering, at: at(1)) == false,
                "its thread finds it closing, and answers nothing after the 503")
    }

    @Test func limitsFitTheDescriptorsThereAre() {
        let limits = ConnectionLimits().fitting(descriptors: 1024)
        #expect(limits.maxConnections == 384)
        #expect(limits.reservedForRequests == 64)
        #expect(limits.acceptLimit * 2 + 64 <= 1024, "what libmicrohttpd accepts fits too")
        #expect(ConnectionLimits().fitting(descriptors: 100_000).maxConnections == 1000)
        #expect(ConnectionLimits().acceptLimit == 1250)
        let tiny = ConnectionLimits().fitting(descriptors: 100)
        #expect(tiny.maxConnections == 14)
        #expect(tiny.maxEventStreams == 3)
        #expect(tiny.reservedForRequests == 3)
        #expect(tiny.acceptLimit * 2 + 64 <= 100)
    }

    @Test func the503SaysWhenToComeBack() {
        let answer = ServiceUnavailable.clientBusy(limit: 256)
        #expect(answer.response.status == 503)
        #expect(answer.response.header("Retry-After") == "1")
        #expect(answer.response.header("Connection") == "close")
        #expect(answer.message == "503 Service Unavailable: this preview server is already answering 256 requests from your address; retry in 1 s\n")
        let wire = String(decoding: ServiceUnavailable.tooManyConnections.wireBytes, as: UTF8.self)
        #expect(wire.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(wire.contains("\r\nRetry-After: 1\r\n"))
        #expect(wire.hasSuffix("\r\n\r\n" + ServiceUnavailable.tooManyConnections.message))
        #expect(wire.contains("Content-Length: \(ServiceUnavailable.tooManyConnections.message.utf8.count)\r\n"))
    }
}
