#if os(Linux)
import DirectoryEntries
import Glibc
import IgnoredFileNames

/// The inotify watches of an ``InotifyWatcher``: one per folder, recursively, with the path
/// each watch descriptor stands for, and watches on the parents of deleted roots, waiting for
/// them to come back. Used by one thread at a time (the caller of `start`, then the watcher's
/// own thread), so it needs no lock.
final class WatchTree {
    /// The events watched on every folder.
    static let mask: UInt32 = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

    /// The inotify descriptor.
    let fd: Int32
    private var paths: [Int32: String] = [:]
    /// Watches on the parent folders of deleted roots, by the parent's path.
    private var parents: [Int32: String] = [:]
    /// Deleted roots, waited for.
    private var awaited: Set<String> = []

    init(fd: Int32) {
        self.fd = fd
    }

    /// The folder a watch descriptor stands for.
    func path(for watch: Int32) -> String? {
        paths[watch]
    }

    /// Watches `folder` and every folder below it (symlinked folders inside are not followed,
    /// ignored names are skipped), inserting the files found into `files`.
    /// - Parameter isRoot: a root may itself be a symlink to a folder, and is followed.
    /// - Returns: `nil`, or the first folder that could not be watched with the reason.
    @discardableResult
    func addRecursively(
        _ folder: String, isRoot: Bool = false, collectingFilesInto files: inout Set<String>
    ) -> (path: String, reason: String)? {
        let mask = isRoot ? Self.mask & ~UInt32(IN_DONT_FOLLOW) : Self.mask
        let watch = inotify_add_watch(fd, folder, mask)
        guard watch >= 0 else { return (folder, Platform.errorText) }
        paths[watch] = folder
        var failure: (path: String, reason: String)?
        for (name, isFolder) in Self.entries(of: folder) where !IgnoredFileNames.contains(name) {
            let path = folder + "/" + name
            if isFolder {
                if let problem = addRecursively(path, collectingFilesInto: &files), failure == nil { failure = problem }
            } else {
                files.insert(path)
            }
        }
        return failure
    }

    /// Stops watching `folder` and everything below it (it was moved away or deleted).
    func removeSubtree(_ folder: String) {
        let prefix = folder + "/"
        for (watch, path) in paths where path == folder || path.hasPrefix(prefix) {
            _ = inotify_rm_watch(fd, watch)
            paths[watch] = nil
        }
    }

    /// Forgets a watch the kernel removed (`IN_IGNORED`).
    func forget(_ watch: Int32) {
        paths[watch] = nil
        parents[watch] = nil
    }

    /// The parent folder a watch stands for, when it waits for a deleted root.
    func parentFolder(for watch: Int32) -> String? {
        parents[watch]
    }

    /// Whether `path` is a deleted root being waited for.
    func isAwaited(_ path: String) -> Bool {
        awaited.contains(path)
    }

    /// Waits for the deleted `root` to be created (or moved) back, through a watch on its
    /// parent folder (added to any watch the parent already has, never replacing it).
    func awaitReturn(of root: String) {
        awaited.insert(root)
        let parent = Self.parent(of: root)
        let watch = inotify_add_watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO) | UInt32(IN_ONLYDIR) | UInt32(IN_MASK_ADD))
        if watch >= 0 && paths[watch] == nil { parents[watch] = parent }
    }

    /// `root` is watched again: stops waiting for it, and drops its parent's watch if nothing
    /// else needs it.
    func returned(_ root: String) {
        awaited.remove(root)
        let parent = Self.parent(of: root)
        guard !awaited.contains(where: { Self.parent(of: $0) == parent }) else { return }
        for (watch, path) in parents where path == parent {
            _ = inotify_rm_watch(fd, watch)
            parents[watch] = nil
        }
    }
}

private extension WatchTree {
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The entries of a folder with whether each is a real folder (not a symlink to one).
    static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var result: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            if DirectoryEntry.isDots(entry) { continue }
            let name = DirectoryEntry.name(of: entry)
            let type = DirectoryEntry.type(of: entry)
            let isFolder = type == UInt8(DT_UNKNOWN) ? isRealFolder(folder + "/" + name) : type == UInt8(DT_DIR)
            result.append((name, isFolder))
        }
        return result
    }

    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
#endif
