import AnnotatedLocking
import Glibc
import Synchronization

/// Watches folders recursively with inotify and reports debounced batches of changes.
///
/// Folders created later are watched as they appear (and the files already in them are
/// reported); editors' temporary and swap files are ignored (see `IgnoredFileNames`).
/// A root may be a symlink to a folder; symlinked folders inside the roots are not followed.
/// A burst of events becomes one ``FileChanges``: it is delivered once no event has arrived
/// for `quietPeriod`, or `maxDelay` after the burst began if events keep coming.
///
/// `onChange` is called on the watcher's own thread, one batch at a time. It may block
/// (run the rebuild right there): meanwhile the kernel queues new events, which become the
/// next batch once it returns. Calling ``stop()`` from inside `onChange` is allowed.
///
/// ```swift
/// let watcher = FileWatcher(roots: ["content", "themes/default"])
/// try watcher.start { changes in rebuild(changes.paths) }
/// watcher.stop()    // joins the thread and closes the inotify descriptor
/// ```
public final class FileWatcher: Sendable {
    /// The folders watched, as given.
    public let roots: [String]
    /// How long no event must arrive before a batch is delivered.
    public let quietPeriod: Duration
    /// The longest a batch's first event waits before delivery.
    public let maxDelay: Duration
    private let running = Mutex<WatcherThread?>(nil)

    /// Creates a stopped watcher.
    /// - Parameters:
    ///   - roots: the folders to watch, recursively; trailing slashes are dropped.
    ///   - quietPeriod: the debounce window, 30 ms by default.
    ///   - maxDelay: the cap on how long a continuing burst is held, 200 ms by default.
    public init(roots: [String], quietPeriod: Duration = .milliseconds(30), maxDelay: Duration = .milliseconds(200)) {
        self.roots = roots.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.quietPeriod = quietPeriod
        self.maxDelay = maxDelay
    }

    deinit {
        stop()
    }

    /// Starts watching. Every root is watched before this returns, so any change made
    /// afterwards is reported.
    /// - Throws: ``FileWatcherError`` when inotify is unavailable or a folder cannot be watched.
    public func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try running.withAnnotatedLock { (state: inout WatcherThread?) throws(FileWatcherError) in
            guard case .none = state else { throw .alreadyRunning }
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .cannotInitialize(reason: String(cString: strerror(errno))) }
            let tree = WatchTree(fd: fd)
            var existing: Set<String> = []
            for root in roots {
                if let failure = tree.addRecursively(root, isRoot: true, collectingFilesInto: &existing) {
                    _ = close(fd)
                    throw .cannotWatch(path: failure.path, reason: failure.reason)
                }
            }
            guard let stopSignal = WakeupPipe() else {
                _ = close(fd)
                throw .cannotInitialize(reason: "cannot create a pipe: \(String(cString: strerror(errno)))")
            }
            let loop = WatchLoop(
                tree: tree, roots: roots, stopSignal: stopSignal,
                debouncer: Debouncer(quietPeriod: quietPeriod, maxDelay: maxDelay), onChange: onChange
            )
            state = try WatcherThread.spawn(loop, stopSignal: stopSignal)
        }
    }

    /// Stops watching: wakes the thread and waits for it to finish (unless called from
    /// `onChange` itself); the inotify descriptor is closed. Pending events are dropped.
    public func stop() {
        let current = running.withAnnotatedLock { state in
            let current = state
            state = nil
            return current
        }
        current?.stop()
    }
}
