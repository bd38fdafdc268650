/// Decides when a burst of file events is over: after a quiet period with no new event, or
/// at the latest a maximum delay after the burst's first event (so a steady stream of
/// events still gets delivered).
struct Debouncer: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// How long no event must arrive before the burst is delivered.
    var quietPeriod: Duration
    /// The longest a burst's first event waits before delivery.
    var maxDelay: Duration
    private(set) var firstEvent: Instant?
    private(set) var lastEvent: Instant?

    init(quietPeriod: Duration, maxDelay: Duration) {
        self.quietPeriod = quietPeriod
        self.maxDelay = max(maxDelay, quietPeriod)
    }

    /// Notes an event at `instant`.
    mutating func record(at instant: Instant) {
        if firstEvent == nil { firstEvent = instant }
        lastEvent = instant
    }

    /// When the current burst should be delivered, or `nil` when there is none.
    var deadline: Instant? {
        guard let firstEvent, let lastEvent else { return nil }
        return min(lastEvent + quietPeriod, firstEvent + maxDelay)
    }

    /// Whether the burst is due at `instant`.
    func isDue(at instant: Instant) -> Bool {
        deadline.map { instant >= $0 } ?? false
    }

    /// Starts over after a delivery.
    mutating func reset() {
        firstEvent = nil
        lastEvent = nil
    }
}
