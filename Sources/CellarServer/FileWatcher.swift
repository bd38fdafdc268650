/// Watches folders recursively and reports debounced batches of changes — the role the
/// preview's rebuild loop relies on, whatever tells the process about changes.
///
/// Implementations: ``InotifyWatcher`` on Linux, ``FSEventsWatcher`` on macOS, and the portable
/// ``PollingWatcher``; ``FileWatcherKind`` picks one. All of them:
/// - report files and folders created, written, renamed (both names) or deleted, spelled
///   `root + "/" + relative path`, and the files inside folders created or moved in later;
/// - skip the names in `IgnoredFileNames` (editors' swap and temporary files) and what is
///   inside folders so named;
/// - follow a root that is a symlink to a folder, but no symlinked folder inside a root;
/// - keep watching a root that is deleted and created again (`rm -rf content; cp -a backup
///   content`), reporting the batch that brings it back with ``FileChanges/mayHaveMissedChanges``;
/// - deliver a burst as one ``FileChanges``, once no change has come for `quietPeriod`, or
///   `maxDelay` after the burst began if changes keep coming;
/// - call `onChange` on a thread of their own, one batch at a time; it may block (run the
///   rebuild right there), and may call ``stop()``.
///
/// ```swift
/// let watcher = try FileWatcherKind.native.makeWatcher(roots: ["content", "themes/default"])
/// try watcher.start { changes in rebuild(changes.paths) }
/// watcher.stop()    // joins the thread and releases what the watcher holds
/// ```
package protocol FileWatcher: AnyObject, Sendable {
    /// The folders watched, without trailing slashes.
    var roots: [String] { get }

    /// Starts watching. Every root is watched before this returns, so any change made
    /// afterwards is reported.
    /// - Throws: ``FileWatcherError`` when a root cannot be watched or the watcher cannot start.
    func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError)

    /// Stops watching: waits for the watcher's thread to finish (unless called from `onChange`
    /// itself). Pending changes are dropped. Does nothing when stopped.
    func stop()
}

extension Array where Element == String {
    /// Roots as watchers keep them: trailing slashes dropped.
    var watcherRoots: [String] {
        map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }
}
