import Synchronization

/// The requests of one client address being answered, counted without a lock: each connection's
/// thread takes a place when a request's head arrives and gives it back when the response is
/// sent, so that the count costs no shared lock on the way of every request. The
/// ``ConnectionLedger`` hands the same share to every connection from the address.
final class ClientShare: Sendable {
    private let answering = Atomic<Int>(0)

    /// Takes a place if fewer than `limit` are taken; whether it did.
    func take(limit: Int) -> Bool {
        var current = answering.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = answering.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives a place back.
    func release() {
        answering.subtract(1, ordering: .releasing)
    }

    /// The places taken.
    var taken: Int {
        answering.load(ordering: .acquiring)
    }
}
