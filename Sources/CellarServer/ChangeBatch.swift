/// The changes a watcher has seen since its last delivery, and when to deliver them
/// (a ``Debouncer``): shared by the watchers' loops, so every kind coalesces alike.
struct ChangeBatch {
    private var paths: Set<String> = []
    private var missedChanges = false
    private(set) var debouncer: Debouncer

    init(quietPeriod: Duration, maxDelay: Duration) {
        debouncer = Debouncer(quietPeriod: quietPeriod, maxDelay: maxDelay)
    }

    /// Adds paths seen at `instant`.
    mutating func record(_ changed: some Sequence<String>, at instant: ContinuousClock.Instant) {
        paths.formUnion(changed)
        debouncer.record(at: instant)
    }

    /// Notes that changes may have been missed (see ``FileChanges/mayHaveMissedChanges``).
    mutating func recordMissedChanges(at instant: ContinuousClock.Instant) {
        missedChanges = true
        debouncer.record(at: instant)
    }

    /// The `poll(2)` timeout until the batch is due: -1 (forever) when there is none.
    var pollTimeout: Int32 {
        guard let deadline = debouncer.deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        return remaining > .zero ? remaining.pollMilliseconds : 0
    }

    /// The batch, when it is due at `instant`, and starts a new one.
    mutating func takeIfDue(at instant: ContinuousClock.Instant) -> FileChanges? {
        guard debouncer.isDue(at: instant) else { return nil }
        defer {
            paths = []
            missedChanges = false
            debouncer.reset()
        }
        return FileChanges(paths: paths, mayHaveMissedChanges: missedChanges)
    }
}
