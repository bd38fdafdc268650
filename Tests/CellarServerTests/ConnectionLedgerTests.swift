import Testing
@testable import CellarServer

/// Which connections the server closes, without sockets: the ids stand for connections and the
/// "sockets" are the same numbers, so the closings can be read off.
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

    @Test func enteringTheReserveClosesTheOldestWaitingConnection() {
        var ledger = ledger(ConnectionLimits(maxConnections: 10, reservedForRequests: 2, maxPerClient: 100))
        for id in 1...8 {
            #expect(ledger.open(UInt(id), client: local, socket: Int32(id), at: at(id)).closing == [])
        }
        ledger.requestArrived(1, at: at(9))   // answering: never closed to make room
        #expect(ledger.open(9, client: other, socket: 9, at: at(10)).closing == [2])
        #expect(ledger.open(10, client: other, socket: 10, at: at(11)).closing == [3])
        #expect(ledger.openCount == 8)
    }

    @Test func whenNothingWaitsTheReserveIsUsed() {
        var ledger = ledger(ConnectionLimits(maxConnections: 4, reservedForRequests: 2, maxPerClient: 100))
        for id in 1...2 {
            _ = ledger.open(UInt(id), client: local, socket: Int32(id), at: at(id))
            ledger.requestArrived(UInt(id), at: at(id))
        }
        #expect(ledger.open(3, client: local, socket: 3, at: at(3)).closing == [])
        #expect(ledger.openCount == 3)
    }

    @Test func aClientPastItsShareLosesItsOldestWaitingConnection() {
        var ledger = ledger(ConnectionLimits(maxConnections: 100, reservedForRequests: 1, maxPerClient: 3))
        for id in 1...3 { _ = ledger.open(UInt(id), client: other, socket: Int32(id), at: at(id)) }
        #expect(ledger.open(4, client: local, socket: 4, at: at(4)).closing == [], "another client is not affected")
        #expect(ledger.open(5, client: other, socket: 5, at: at(5)).closing == [1])
        for id: UInt in [2, 3, 5] { ledger.requestArrived(id, at: at(6)) }
        #expect(ledger.open(6, client: other, socket: 6, at: at(7)).closing == [6], "nothing of its own waits: the new one goes")
        for id: UInt in [2, 3, 5] { ledger.streamStarted(id, at: at(8)) }
        #expect(ledger.open(7, client: other, socket: 7, at: at(9)).closing == [], "streams have a cap of their own")
    }

    @Test func aLateRequestHeadClosesTheConnectionHoweverItTrickles() {
        var ledger = ledger(ConnectionLimits(requestHeadTimeout: .seconds(2)))
        _ = ledger.open(1, client: local, socket: 1, at: at(0))
        _ = ledger.open(2, client: local, socket: 2, at: at(1500))
        #expect(ledger.expire(at: at(1999)) == [])
        #expect(ledger.expire(at: at(2000)) == [1])
        #expect(ledger.expire(at: at(2000)) == [], "closed once")
        ledger.requestArrived(2, at: at(2100))
        #expect(ledger.expire(at: at(9000)) == [], "a request being answered has no deadline")
        ledger.requestCompleted(2, at: at(9000))
        #expect(ledger.expire(at: at(11000)) == [2], "a keep-alive connection waits again after its response")
        ledger.closed(1)
        ledger.closed(2)
        #expect(ledger.entries.isEmpty)
    }

    @Test func limitsFitTheDescriptorsThereAre() {
        let limits = ConnectionLimits().fitting(descriptors: 1024)
        #expect(limits.maxConnections == 480)
        #expect(limits.reservedForRequests == 64)
        #expect(ConnectionLimits().fitting(descriptors: 100_000).maxConnections == 1000)
        let tiny = ConnectionLimits().fitting(descriptors: 100)
        #expect(tiny.maxConnections == 18)
        #expect(tiny.maxEventStreams == 4)
        #expect(tiny.reservedForRequests == 4)
    }
}
