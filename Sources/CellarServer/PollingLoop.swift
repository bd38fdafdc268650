/// The body of a ``PollingWatcher``'s thread: a walk every interval, the differences
/// debounced like inotify's events. It closes the stop pipe when it returns.
final class PollingLoop {
    private let roots: [String]
    private let interval: Duration
    private var snapshot: FileSnapshot
    private let stopSignal: WakeupPipe
    private var batch: ChangeBatch
    private let onChange: @Sendable (FileChanges) -> Void

    init(roots: [String], interval: Duration, snapshot: FileSnapshot, stopSignal: WakeupPipe, batch: ChangeBatch,
         onChange: @escaping @Sendable (FileChanges) -> Void) {
        self.roots = roots
        self.interval = interval
        self.snapshot = snapshot
        self.stopSignal = stopSignal
        self.batch = batch
        self.onChange = onChange
    }

    /// Runs until the stop pipe is signalled.
    func run() {
        var fds = [pollfd(fd: stopSignal.readFD, events: Int16(POLLIN), revents: 0)]
        var nextWalk = ContinuousClock.now + interval
        while true {
            let untilWalk = max(ContinuousClock.now.duration(to: nextWalk), .zero).pollMilliseconds
            let timeout = batch.pollTimeout < 0 ? untilWalk : min(untilWalk, batch.pollTimeout)
            if poll(&fds, nfds_t(fds.count), timeout) > 0 { break }
            if ContinuousClock.now >= nextWalk {
                walk()
                nextWalk = ContinuousClock.now + interval
            }
            if let changes = batch.takeIfDue(at: .now) { onChange(changes) }
        }
        stopSignal.close()
    }
}

private extension PollingLoop {
    func walk() {
        let current = FileSnapshot(roots: roots)
        let changed = current.changes(since: snapshot)
        let returned = snapshot.missingRoots.subtracting(current.missingRoots)
        let vanished = current.missingRoots.subtracting(snapshot.missingRoots)
        snapshot = current
        guard !changed.isEmpty || !returned.isEmpty || !vanished.isEmpty else { return }
        batch.record(changed.union(returned).union(vanished), at: .now)
        if !returned.isEmpty { batch.recordMissedChanges(at: .now) }
    }
}
