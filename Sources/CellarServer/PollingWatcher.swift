/// The portable ``FileWatcher``: walks the roots every `interval` and compares what it finds
/// with the previous walk (``FileSnapshot``). It needs nothing from the system but `stat`, so
/// it works where change notifications do not (network mounts, some container volumes) and
/// on every platform; it costs a walk per interval and reports a change up to one interval late.
/// `cellar serve --watcher poll` uses it.
package final class PollingWatcher: FileWatcher {
    private let lifecycle: WatcherLifecycle<WatcherThread>
    package var roots: [String] { lifecycle.roots }
    /// How long between two walks.
    let interval: Duration

    /// Creates a stopped watcher (see ``FileWatcherKind/makeWatcher(roots:quietPeriod:maxDelay:pollInterval:)``).
    package init(roots: [String], interval: Duration = .milliseconds(250), quietPeriod: Duration = .milliseconds(30),
                maxDelay: Duration = .milliseconds(200)) {
        lifecycle = WatcherLifecycle(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay)
        self.interval = interval
    }

    /// - Throws: ``FileWatcherError/cannotWatch(path:reason:)`` when a root is not a folder.
    package func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try lifecycle.start { () throws(FileWatcherError) -> WatcherThread in
            let roots = lifecycle.roots
            let snapshot = FileSnapshot(roots: roots)
            if let missing = roots.first(where: snapshot.missingRoots.contains) {
                throw .cannotWatch(path: missing, reason: "No such folder")
            }
            guard let stopSignal = WakeupPipe() else {
                throw .cannotInitialize(reason: "cannot create a pipe: \(Platform.errorText)")
            }
            let loop = PollingLoop(
                roots: roots, interval: interval, snapshot: snapshot, stopSignal: stopSignal,
                batch: lifecycle.makeBatch(), onChange: onChange
            )
            return try WatcherThread.spawn(stopSignal: stopSignal) { loop.run() }
        }
    }

    package func stop() {
        lifecycle.stop()
    }
}
