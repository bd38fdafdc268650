/// Which ``FileWatcher`` to use.
package enum FileWatcherKind: String, Sendable, CaseIterable {
    /// What the system offers: inotify on Linux, FSEvents on macOS (polling elsewhere).
    case native
    /// A walk of the roots every `pollInterval`, comparing each file's inode, size and times:
    /// for file systems whose changes the kernel does not report (network mounts, some
    /// container volumes), or to check behaviour the same on every system.
    case polling

    /// A stopped watcher of this kind.
    /// - Parameters:
    ///   - roots: the folders to watch, recursively; trailing slashes are dropped.
    ///   - quietPeriod: the debounce window, 30 ms by default.
    ///   - maxDelay: the cap on how long a continuing burst is held, 200 ms by default.
    ///   - pollInterval: how often ``polling`` walks the roots, 250 ms by default.
    package func makeWatcher(
        roots: [String],
        quietPeriod: Duration = .milliseconds(30),
        maxDelay: Duration = .milliseconds(200),
        pollInterval: Duration = .milliseconds(250)
    ) -> any FileWatcher {
        switch self {
        case .native:
            #if os(Linux)
            InotifyWatcher(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay)
            #elseif os(macOS)
            FSEventsWatcher(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay)
            #else
            PollingWatcher(roots: roots, interval: pollInterval, quietPeriod: quietPeriod, maxDelay: maxDelay)
            #endif
        case .polling:
            PollingWatcher(roots: roots, interval: pollInterval, quietPeriod: quietPeriod, maxDelay: maxDelay)
        }
    }
}
