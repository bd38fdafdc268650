/// Why a ``FileWatcher`` could not start.
public enum FileWatcherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `inotify_init1` failed (usually: too many inotify instances).
    case cannotInitialize(reason: String)
    /// A root folder (or one inside it) could not be watched: missing, not a folder, or
    /// the inotify watch limit was reached.
    case cannotWatch(path: String, reason: String)
    /// ``FileWatcher/start(onChange:)`` was called on a running watcher.
    case alreadyRunning

    /// The message for the terminal.
    public var description: String {
        switch self {
        case .cannotInitialize(let reason):
            "cannot watch files: inotify_init1 failed: \(reason)"
        case .cannotWatch(let path, let reason):
            "cannot watch '\(path)': \(reason)"
                + (reason.contains("space") ? " (raise fs.inotify.max_user_watches with sysctl)" : "")
        case .alreadyRunning:
            "the file watcher is already running"
        }
    }
}
