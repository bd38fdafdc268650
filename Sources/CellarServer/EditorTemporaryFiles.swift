/// The names of files that editors and tools write while saving, which the ``FileWatcher``
/// ignores (they never trigger a rebuild, and folders with such names are not watched).
///
/// A name is ignored when it:
/// - starts with `.` — hidden files and folders: vim's `.x.swp`, emacs' `.#x` lock links,
///   gedit's `.goutputstream-*`, LibreOffice's `.~lock.x#`, `.DS_Store`, `.git/`;
/// - ends with `~` — backups (emacs, vim's `backup`, gedit);
/// - ends with `.swp`, `.swx`, `.swo` (vim swap), `.tmp`, `.kate-swp` (Kate),
///   `___jb_tmp___` or `___jb_old___` (JetBrains' safe write);
/// - is `4913` — the file vim creates to test whether it may write in a folder;
/// - starts and ends with `#` — emacs' auto-save files (`#x.md#`).
///
/// An atomic save (write a temporary file, then rename it over the real one) therefore
/// reports only the real file, through its `IN_MOVED_TO` event.
enum EditorTemporaryFiles {
    static let suffixes = ["~", ".swp", ".swx", ".swo", ".tmp", ".kate-swp", "___jb_tmp___", "___jb_old___"]

    /// Whether changes to a file (or folder) named `name` are ignored.
    static func isIgnored(_ name: String) -> Bool {
        if name.hasPrefix(".") || name == "4913" { return true }
        if name.count >= 2 && name.hasPrefix("#") && name.hasSuffix("#") { return true }
        return suffixes.contains { name.hasSuffix($0) }
    }
}
