/// One debounced batch of changes seen by a ``FileWatcher``.
package struct FileChanges: Sendable, Equatable {
    /// The files and folders created, written, renamed (both names) or deleted, each as
    /// `root + "/" + relative path`, with `root` spelled as given to the watcher.
    package var paths: Set<String>
    /// Whether changes may be missing from ``paths`` — the kernel's event queue overflowed
    /// (`IN_Q_OVERFLOW`), or a root folder was deleted and created again: treat everything as
    /// changed.
    package var mayHaveMissedChanges: Bool

    /// Whether only stylesheets changed (every path ends in `.css` and none were missed), so
    /// pages can swap their stylesheets instead of reloading.
    package var onlyStylesheets: Bool {
        !mayHaveMissedChanges && !paths.isEmpty && paths.allSatisfy { $0.hasSuffix(".css") }
    }

    /// Creates a batch.
    package init(paths: Set<String>, mayHaveMissedChanges: Bool = false) {
        self.paths = paths
        self.mayHaveMissedChanges = mayHaveMissedChanges
    }
}
