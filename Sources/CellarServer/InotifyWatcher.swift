#if os(Linux)
import Glibc

/// The ``FileWatcher`` of Linux: inotify, one watch per folder.
///
/// Folders created later are watched as they appear (and the files already in them are
/// reported). A root that is deleted is waited for through a watch on its parent folder, and
/// watched again, with everything in it, when it is back. `onChange` may block: meanwhile the
/// kernel queues new events, which become the next batch once it returns.
package final class InotifyWatcher: FileWatcher {
    private let lifecycle: WatcherLifecycle<WatcherThread>
    package var roots: [String] { lifecycle.roots }

    /// Creates a stopped watcher (see ``FileWatcherKind/makeWatcher(roots:quietPeriod:maxDelay:pollInterval:)``).
    package init(roots: [String], quietPeriod: Duration = .milliseconds(30), maxDelay: Duration = .milliseconds(200)) {
        lifecycle = WatcherLifecycle(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay)
    }

    /// - Throws: ``FileWatcherError`` when inotify is unavailable or a folder cannot be watched.
    package func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try lifecycle.start { () throws(FileWatcherError) -> WatcherThread in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .cannotInitialize(reason: "inotify_init1 failed: \(Platform.errorText)") }
            let tree = WatchTree(fd: fd)
            var existing: Set<String> = []
            for root in lifecycle.roots {
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
                tree: tree, roots: lifecycle.roots, stopSignal: stopSignal, batch: lifecycle.makeBatch(), onChange: onChange
            )
            do throws(FileWatcherError) {
                return try WatcherThread.spawn(stopSignal: stopSignal) { loop.run() }
            } catch {
                Platform.close(fd)
                throw error
            }
        }
    }

    package func stop() {
        lifecycle.stop()
    }
}
#endif
