/// Why a ``FileWatcher`` could not start.
package enum FileWatcherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system's watching facility could not be set up (`inotify_init1` failed, usually:
    /// too many inotify instances; or no thread or pipe could be made).
    case cannotInitialize(reason: String)
    /// A root folder (or one inside it) could not be watched: missing, not a folder, or
    /// the inotify watch limit was reached.
    case cannotWatch(path: String, reason: String)
    /// ``FileWatcher/start(onChange:)`` was called on a running watcher.
    case alreadyRunning

    /// The message for the terminal.
    package var description: String {
        switch self {
        case .cannotInitialize(let reason):
            "cannot watch files: \(reason)"
        case .cannotWatch(let path, let reason):
            "cannot watch '\(path)': \(reason)"
                + (reason.contains("space") ? " (raise fs.inotify.max_user_watches with sysctl, or serve with --watcher poll)" : "")
        case .alreadyRunning:
            "the file watcher is already running"
        }
    }
}
