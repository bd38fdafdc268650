import AnnotatedLocking
import Synchronization

/// What a running watch gives back to be stopped: a ``WatcherThread``, or an FSEvents stream.
protocol RunningWatch: Sendable {
    /// Stops the watch and releases what it holds (see ``FileWatcher/stop()``).
    func stop()
}

/// The lifecycle every ``FileWatcher`` shares: its roots and debounce periods, and the one
/// watch that runs between `start` and `stop` (a second `start` is ``FileWatcherError/alreadyRunning``).
/// The watch is stopped when the lifecycle goes away with its watcher.
final class WatcherLifecycle<Running: RunningWatch>: Sendable {
    /// The folders watched, without trailing slashes.
    let roots: [String]
    /// How long no change must be seen before a batch is delivered.
    let quietPeriod: Duration
    /// The longest a batch's first change waits before delivery.
    let maxDelay: Duration
    private let running = Mutex<Running?>(nil)

    init(roots: [String], quietPeriod: Duration, maxDelay: Duration) {
        self.roots = roots.watcherRoots
        self.quietPeriod = quietPeriod
        self.maxDelay = maxDelay
    }

    deinit {
        stop()
    }

    /// An empty batch debounced by the watcher's periods.
    func makeBatch() -> ChangeBatch {
        ChangeBatch(quietPeriod: quietPeriod, maxDelay: maxDelay)
    }

    /// Starts the watch `begin` makes, under the lock, unless one is running.
    func start(_ begin: () throws(FileWatcherError) -> Running) throws(FileWatcherError) {
        try running.withAnnotatedLock { (state: inout Running?) throws(FileWatcherError) in
            guard case .none = state else { throw .alreadyRunning }
            state = try begin()
        }
    }

    /// Stops the running watch, outside the lock (`stop()` may be called from `onChange`).
    func stop() {
        running.withAnnotatedLock { $0.take() }?.stop()
    }
}

extension WatcherThread: RunningWatch {}
