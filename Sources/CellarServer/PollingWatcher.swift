import AnnotatedLocking
import Synchronization

/// The portable ``FileWatcher``: walks the roots every `interval` and compares what it finds
/// with the previous walk (``FileSnapshot``). It needs nothing from the system but `stat`, so
/// it works where change notifications do not (network mounts, some container volumes) and
/// on every platform; it costs a walk per interval and reports a change up to one interval late.
/// `cellar serve --watcher poll` uses it.
package final class PollingWatcher: FileWatcher {
    package let roots: [String]
    /// How long between two walks.
    let interval: Duration
    /// How long no change must be seen before a batch is delivered.
    package let quietPeriod: Duration
    /// The longest a batch's first change waits before delivery.
    package let maxDelay: Duration
    private let running = Mutex<WatcherThread?>(nil)

    /// Creates a stopped watcher (see ``FileWatcherKind/makeWatcher(roots:quietPeriod:maxDelay:pollInterval:)``).
    package init(roots: [String], interval: Duration = .milliseconds(250), quietPeriod: Duration = .milliseconds(30),
                maxDelay: Duration = .milliseconds(200)) {
        self.roots = roots.watcherRoots
        self.interval = interval
        self.quietPeriod = quietPeriod
        self.maxDelay = maxDelay
    }

    deinit {
        stop()
    }

    /// - Throws: ``FileWatcherError/cannotWatch(path:reason:)`` when a root is not a folder.
    package func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try running.withAnnotatedLock { (state: inout WatcherThread?) throws(FileWatcherError) in
            guard case .none = state else { throw .alreadyRunning }
            let snapshot = FileSnapshot(roots: roots)
            if let missing = roots.first(where: snapshot.missingRoots.contains) {
                throw .cannotWatch(path: missing, reason: "No such folder")
            }
            guard let stopSignal = WakeupPipe() else {
                throw .cannotInitialize(reason: "cannot create a pipe: \(Platform.errorText)")
            }
            let loop = PollingLoop(
                roots: roots, interval: interval, snapshot: snapshot, stopSignal: stopSignal,
                batch: ChangeBatch(quietPeriod: quietPeriod, maxDelay: maxDelay), onChange: onChange
            )
            state = try WatcherThread.spawn(stopSignal: stopSignal) { loop.run() }
        }
    }

    package func stop() {
        running.withAnnotatedLock { $0.take() }?.stop()
    }
}
