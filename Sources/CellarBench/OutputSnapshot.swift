import CellarEngine
import CellarFiles
import Foundation

/// The identity of every file under a folder (inode, size, modification and change times), to
/// tell which files a build wrote: a rewritten file gets a new inode or mtime, a touched one a new ctime.
struct OutputSnapshot {
    struct Entry: Equatable {
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64
    }

    /// Relative path → identity, for regular files and links (hidden ones included).
    private(set) var entries: [String: Entry] = [:]
    /// The folder's own inode: a new one means the folder was replaced.
    private(set) var rootInode: UInt64?

    struct Difference {
        /// Files written again (new inode, size or mtime), added or removed.
        var written = 0
        var added = 0
        var removed = 0
        /// Files whose bytes and inode stayed but whose metadata changed (ctime: links, permissions).
        var touched = 0
        var folderReplaced = false

        var total: Int { written + added + removed }
    }

    static func take(_ root: String) -> OutputSnapshot {
        var snapshot = OutputSnapshot()
        guard let status = Self.status(root) else { return snapshot }
        snapshot.rootInode = UInt64(status.st_ino)
        snapshot.walk(root, prefix: "")
        return snapshot
    }

    func count(withSuffix suffix: String) -> Int {
        entries.keys.reduce(0) { $0 + ($1.hasSuffix(suffix) ? 1 : 0) }
    }

    /// What changed between this snapshot and a later one.
    func difference(to later: OutputSnapshot) -> Difference {
        var difference = Difference()
        difference.folderReplaced = rootInode != later.rootInode
        for (path, entry) in later.entries {
            guard let old = entries[path] else {
                difference.added += 1
                continue
            }
            if old.inode != entry.inode || old.size != entry.size || old.modified != entry.modified {
                difference.written += 1
            } else if old.changed != entry.changed {
                difference.touched += 1
            }
        }
        difference.removed = entries.keys.reduce(0) { $0 + (later.entries[$1] == nil ? 1 : 0) }
        return difference
    }

    // MARK: - Private

    private mutating func walk(_ folder: String, prefix: String) {
        var names: [String] = []
        FileTree.forEachEntry(in: folder) { name, _ in names.append(name) }
        for name in names {
            let path = folder + "/" + name
            guard let status = Self.status(path) else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                walk(path, prefix: prefix + name + "/")
            } else {
                entries[prefix + name] = Entry(
                    inode: UInt64(status.st_ino), size: Int64(status.st_size),
                    modified: SystemCalls.modified(status),
                    changed: SystemCalls.changed(status)
                )
            }
        }
    }

    private static func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }
}
