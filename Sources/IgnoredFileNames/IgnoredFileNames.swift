/// The names of files that editors, tools and systems write beside real ones, which are never part
/// of a site: the content scan and the theme loader skip them, and the preview server's file
/// watcher neither reports them nor watches folders so named. One list for all three, so a file
/// the build ignores never triggers a rebuild, and a file that triggers none is never published.
///
/// A name is ignored when it:
/// - starts with `.` — hidden files and folders: vim's `.x.swp`, emacs' `.#x` lock links,
///   gedit's `.goutputstream-*`, LibreOffice's `.~lock.x#`, `.DS_Store`, `.git/`;
/// - ends with `~` — backups (emacs, vim's `backup`, gedit);
/// - ends with `.swp`, `.swx`, `.swo` (vim swap), `.tmp`, `.kate-swp` (Kate),
///   `___jb_tmp___` or `___jb_old___` (JetBrains' safe write);
/// - is `4913` — the file vim creates to test whether it may write in a folder — or `Thumbs.db`;
/// - starts and ends with `#` — emacs' auto-save files (`#x.md#`).
///
/// An atomic save (write a temporary file, then rename it over the real one) is therefore seen
/// as a change of the real file only. This module has nothing of Cellar in it: the engine and the
/// server, which know nothing of each other, both use it.
package enum IgnoredFileNames {
    static let suffixes = ["~", ".swp", ".swx", ".swo", ".tmp", ".kate-swp", "___jb_tmp___", "___jb_old___"]
    private static let suffixBytes = suffixes.map { Array($0.utf8) }

    /// Whether a file or folder named `name` is left alone. Compared byte by byte, as the file
    /// system names files (every rule is ASCII; a scan of a big site asks once a file).
    package static func contains(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == UInt8(ascii: ".") || name == "4913" || name == "Thumbs.db" { return true }
        if first == UInt8(ascii: "#"), last == UInt8(ascii: "#"), bytes.count >= 2 { return true }
        let count = bytes.count
        return suffixBytes.contains { suffix in
            suffix.count <= count && suffix.last == last && bytes.suffix(suffix.count).elementsEqual(suffix)
        }
    }
}
