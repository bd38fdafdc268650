import Synchronization

/// What one connection is doing, and since when: written by the connection's own thread on
/// every request without taking any lock (one atomic word), read by the ``ConnectionLedger``
/// when it looks for connections to close. Once ``ConnectionLedger/Phase/closing``, it stays so.
/// It also holds the connection's place in its client's ``ClientShare`` while a request of it is
/// answered, taken and given back by the same thread, also without a lock.
final class ConnectionActivity: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// The phase in the low two bits, the nanoseconds since ``origin`` above them.
    private let word: Atomic<UInt64>
    /// The instant times are counted from: long before any instant the server will see.
    private static let origin = ContinuousClock.now - .seconds(1 << 30)
    /// The requests of the connection's client address being answered.
    let share: ClientShare
    /// Whether the current request holds a place in ``share``.
    private let admitted = Atomic<Bool>(false)

    init(_ phase: ConnectionLedger.Phase, at instant: Instant, share: ClientShare = ClientShare()) {
        word = Atomic(Self.encode(phase, instant))
        self.share = share
    }

    /// Admits the current request if its client has fewer than `limit` being answered (a request
    /// admitted already stays so); whether it is.
    func admit(limit: Int) -> Bool {
        if admitted.load(ordering: .relaxed) { return true }
        guard share.take(limit: limit) else { return false }
        admitted.store(true, ordering: .relaxed)
        return true
    }

    /// The current request is over: its place is given back (once).
    func finish() {
        if admitted.exchange(false, ordering: .relaxed) { share.release() }
    }

    /// The phase and when it began.
    var current: (phase: ConnectionLedger.Phase, since: Instant) {
        Self.decode(word.load(ordering: .acquiring))
    }

    /// Enters `phase` at `instant`, unless the connection is closing; whether it did. A thread
    /// about to answer a request that finds its connection closing must not answer: the
    /// connection was closed to make room, and told so.
    @discardableResult
    func enter(_ phase: ConnectionLedger.Phase, at instant: Instant) -> Bool {
        let new = Self.encode(phase, instant)
        var old = word.load(ordering: .relaxed)
        while Self.decode(old).phase != .closing {
            let (exchanged, original) = word.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            old = original
        }
        return false
    }

    /// Marks the connection closing if it is idle (``ConnectionLedger/Phase/waiting``); whether it
    /// was. One that has begun answering a request is left alone.
    func closeIfIdle() -> Bool {
        var old = word.load(ordering: .relaxed)
        while Self.decode(old).phase == .waiting {
            let (exchanged, original) = word.compareExchange(expected: old, desired: old | 3, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            old = original
        }
        return false
    }
}

private extension ConnectionActivity {
    static func encode(_ phase: ConnectionLedger.Phase, _ instant: Instant) -> UInt64 {
        let (seconds, attoseconds) = origin.duration(to: instant).components
        let nanoseconds = UInt64(clamping: max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        let bits: UInt64 = switch phase {
        case .waiting: 0
        case .answering: 1
        case .streaming: 2
        case .closing: 3
        }
        return nanoseconds << 2 | bits
    }

    static func decode(_ word: UInt64) -> (phase: ConnectionLedger.Phase, since: Instant) {
        let phase: ConnectionLedger.Phase = switch word & 3 {
        case 0: .waiting
        case 1: .answering
        case 2: .streaming
        default: .closing
        }
        return (phase, origin + .nanoseconds(Int64(word >> 2)))
    }
}
