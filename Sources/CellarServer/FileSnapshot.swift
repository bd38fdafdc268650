import DirectoryEntries
import IgnoredFileNames

/// What a ``PollingWatcher`` knows of the files under its roots at one moment: each file's and
/// folder's inode, size and times, found by walking the roots with `lstat`.
///
/// Two snapshots compare to the changed paths. File times have a coarse granularity (a few
/// milliseconds), so a file written twice within one tick, with the same size, would look
/// unchanged: a file modified just before its snapshot was taken is "racy", and its content
/// hash is kept and compared too.
struct FileSnapshot: Equatable {
    struct Entry: Equatable {
        enum Kind: Equatable { case file, folder, other }
        var kind: Kind
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64
        /// The content's hash, for a file modified just before the snapshot.
        var racyHash: UInt64?
    }

    /// Every file and folder under the roots (the roots included), by path.
    private(set) var entries: [String: Entry] = [:]
    /// Roots that are not folders now.
    private(set) var missingRoots: Set<String> = []

    /// How recent a modification is racy.
    static let racyWindow: Int64 = 50_000_000

    /// Walks `roots`. A root may be a symlink to a folder; symlinked folders inside are not followed.
    init(roots: [String]) {
        let now = Platform.wallClock().nanoseconds
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                missingRoots.insert(root)
                continue
            }
            entries[root] = Self.entry(info, path: root, now: now)
            walk(root, now: now)
        }
    }

    /// The paths that differ from `earlier`: created, deleted, or files whose inode, size,
    /// times or (for racy files) content changed. Folders count only when created or deleted.
    func changes(since earlier: FileSnapshot) -> Set<String> {
        var changed: Set<String> = []
        for (path, entry) in entries {
            guard let old = earlier.entries[path] else {
                changed.insert(path)
                continue
            }
            if old.kind != entry.kind { changed.insert(path) }
            guard entry.kind == .file else { continue }
            if (old.inode, old.size, old.modified, old.changed) != (entry.inode, entry.size, entry.modified, entry.changed) {
                changed.insert(path)
            } else if let before = old.racyHash, (entry.racyHash ?? Self.hash(ofFileAt: path)) != before {   // still racy: hashed already
                changed.insert(path)
            }
        }
        for path in earlier.entries.keys where entries[path] == nil {
            changed.insert(path)
        }
        return changed
    }
}

private extension FileSnapshot {
    mutating func walk(_ folder: String, now: Int64) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let record = readdir(directory) {
            if DirectoryEntry.isDots(record) { continue }
            let name = DirectoryEntry.name(of: record)
            if IgnoredFileNames.contains(name) { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let entry = Self.entry(info, path: path, now: now)
            entries[path] = entry
            if entry.kind == .folder { walk(path, now: now) }
        }
    }

    static func entry(_ info: stat, path: String, now: Int64) -> Entry {
        let kind: Entry.Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        default: .other
        }
        let modified = Platform.modificationTime(info).nanoseconds
        let changed = Platform.changeTime(info).nanoseconds
        let racy = kind == .file && max(modified, changed) >= now - racyWindow
        return Entry(
            kind: kind, inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified, changed: changed,
            racyHash: racy ? hash(ofFileAt: path) : nil
        )
    }

    /// FNV-1a over the file's bytes; 0 when it cannot be read.
    static func hash(ofFileAt path: String) -> UInt64 {
        let fd = Platform.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return 0 }
        defer { Platform.close(fd) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[..<count] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return hash
    }
}
