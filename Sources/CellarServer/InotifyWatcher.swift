#if os(Linux)
import AnnotatedLocking
import Glibc
import Synchronization

/// The ``FileWatcher`` of Linux: inotify, one watch per folder.
///
/// Folders created later are watched as they appear (and the files already in them are
/// reported). A root that is deleted is waited for through a watch on its parent folder, and
/// watched again, with everything in it, when it is back. `onChange` may block: meanwhile the
/// kernel queues new events, which become the next batch once it returns.
package final class InotifyWatcher: FileWatcher {
    package let roots: [String]
    /// How long no event must arrive before a batch is delivered.
    package let quietPeriod: Duration
    /// The longest a batch's first event waits before delivery.
    package let maxDelay: Duration
    private let running = Mutex<WatcherThread?>(nil)

    /// Creates a stopped watcher (see ``FileWatcherKind/makeWatcher(roots:quietPeriod:maxDelay:pollInterval:)``).
    package init(roots: [String], quietPeriod: Duration = .milliseconds(30), maxDelay: Duration = .milliseconds(200)) {
        self.roots = roots.watcherRoots
        self.quietPeriod = quietPeriod
        self.maxDelay = maxDelay
    }

    deinit {
        stop()
    }

    /// - Throws: ``FileWatcherError`` when inotify is unavailable or a folder cannot be watched.
    package func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try running.withAnnotatedLock { (state: inout WatcherThread?) throws(FileWatcherError) in
            guard case .none = state else { throw .alreadyRunning }
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .cannotInitialize(reason: "inotify_init1 failed: \(Platform.errorText)") }
            let tree = WatchTree(fd: fd)
            var existing: Set<String> = []
            for root in roots {
                if let failure = tree.addRecursively(root, isRoot: true, collectingFilesInto: &existing) {
                    Platform.close(fd)
                    throw .cannotWatch(path: failure.path, reason: failure.reason)
                }
            }
            guard let stopSignal = WakeupPipe() else {
                Platform.close(fd)
                throw .cannotInitialize(reason: "cannot create a pipe: \(Platform.errorText)")
            }
            let loop = WatchLoop(
                tree: tree, roots: roots, stopSignal: stopSignal,
                batch: ChangeBatch(quietPeriod: quietPeriod, maxDelay: maxDelay), onChange: onChange
            )
            do throws(FileWatcherError) {
                state = try WatcherThread.spawn(stopSignal: stopSignal) { loop.run() }
            } catch {
                Platform.close(fd)
                throw error
            }
        }
    }

    package func stop() {
        running.withAnnotatedLock { $0.take() }?.stop()
    }
}
#endif
