#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole folders: swapping two atomically, hard links, removing a tree without leaving its file
/// system, comparing bytes, free space — what the output transaction is made of.
extension FileIO {
    /// Swaps two folders (or files) in one atomic step: at every instant each path names one of
    /// the two, whole. Linux's `renameat2(RENAME_EXCHANGE)` (Darwin's `renamex_np(RENAME_SWAP)`); both must be on one file system.
    package static func exchange(_ first: String, _ second: String) throws(FileIOError) {
        try renameAtomically(first, second, exchange: true, operation: "swap in")
    }

    /// Renames `from` to `to`, failing (EEXIST) rather than replacing anything at `to`.
    package static func renameWithoutReplacing(_ from: String, to: String) throws(FileIOError) {
        try renameAtomically(from, to, exchange: false, operation: "move into place")
    }

    /// Makes `to` a second name of the file `from` (never following a symlink at `from`).
    package static func link(_ from: String, to: String) throws(FileIOError) {
        if SystemCalls.link(from, to) != 0 {
            throw FileIOError(path: to, operation: "link", code: errno)
        }
    }

    /// Removes a name, saying why when it cannot (a missing name is no error).
    package static func unlink(_ path: String) throws(FileIOError) {
        if SystemCalls.unlink(path) != 0, errno != ENOENT { throw FileIOError(path: path, operation: "remove", code: errno) }
    }

    /// Removes an empty folder; false when it is not empty, missing, or cannot be removed.
    @discardableResult
    package static func removeEmptyFolder(_ path: String) -> Bool { rmdir(path) == 0 }

    /// Deletes a tree without following symlinks and without entering another file system mounted
    /// inside it (a mount point is left, with what is mounted on it) — nor the tree itself when it
    /// is one: the file system of the folder that holds it is the one whose files go. Mount points
    /// are found in the system's mount table (a bind mount of the same disk has the device number of
    /// the folder around it), and by device numbers where there is no table.
    /// - Parameter step: called before each removal (the output transaction's fault hook).
    package static func removeTree(_ path: String, mounts table: MountTable = .system, step: () -> Void = {}) {
        guard let info = status(path) else { return }
        if info.kind != .directory {
            step()
            SystemCalls.unlink(path)
            return
        }
        let parent = Paths.parent(of: path)
        guard let holder = status(parent.isEmpty ? "." : parent), holder.device == info.device else { return }
        let real = Paths.resolved(path)
        let mounts = Set(table.mountPoints(inside: real, orItself: true) ?? [])
        guard !mounts.contains(real) else { return }
        removeContents(path, real: real, device: info.device, mounts: mounts, step: step)
        step()
        rmdir(path)
    }

    private static func removeContents(_ folder: String, real: String, device: UInt64, mounts: Set<String>, step: () -> Void) {
        guard let entries = try? list(folder) else { return }
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.kind == .directory || entry.kind == nil {
                guard let info = status(path) else { continue }
                if info.kind == .directory {
                    let realPath = real + "/" + entry.name
                    guard info.device == device, !mounts.contains(realPath) else { continue }
                    removeContents(path, real: realPath, device: device, mounts: mounts, step: step)
                    step()
                    rmdir(path)
                    continue
                }
            }
            step()
            SystemCalls.unlink(path)
        }
    }

    /// Whether two regular files hold the same bytes (read a chunk at a time).
    package static func sameContents(_ first: String, _ second: String) -> Bool {
        let a = open(first, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard a >= 0 else { return false }
        defer { close(a) }
        let b = open(second, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard b >= 0 else { return false }
        defer { close(b) }
        var infoA = stat(), infoB = stat()
        guard fstat(a, &infoA) == 0, fstat(b, &infoB) == 0, infoA.st_mode & S_IFMT == S_IFREG,
              infoB.st_mode & S_IFMT == S_IFREG, infoA.st_size == infoB.st_size else { return false }
        let chunk = min(1 << 20, max(4096, Int(infoA.st_size)))
        var left = [UInt8](repeating: 0, count: chunk), right = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = readFully(a, into: &left)
            guard count >= 0, readFully(b, into: &right) == count else { return false }
            if count == 0 { return true }
            if left.withUnsafeBytes({ l in right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, count) } }) != 0 {
                return false
            }
        }
    }

    /// Whether the regular file at `path` holds exactly `bytes`.
    package static func holds(_ bytes: UnsafeRawBufferPointer, at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        var buffer = [UInt8](repeating: 0, count: bytes.count + 1)
        guard readFully(fd, into: &buffer) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return buffer.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) } == 0
    }

    /// Bytes free for an ordinary user on the file system holding `path`.
    package static func freeSpace(_ path: String) -> Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Gives `path` the permission bits `mode`.
    package static func setMode(_ mode: UInt32, of path: String) throws(FileIOError) {
        if chmod(path, mode_t(mode)) != 0 { throw FileIOError(path: path, operation: "set the permissions of", code: errno) }
    }

    /// Gives the folder `path` the permission bits, owner and group `like` has.
    package static func copyOwnership(_ like: FileStatus, owner: (user: UInt32, group: UInt32), to path: String) throws(FileIOError) {
        guard let current = status(path) else { throw FileIOError(path: path, operation: "read", code: ENOENT) }
        if current.mode != like.mode { try setMode(like.mode, of: path) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileIOError(path: path, operation: "read", code: errno) }
        if info.st_uid != owner.user || info.st_gid != owner.group, lchown(path, owner.user, owner.group) != 0 {
            throw FileIOError(path: path, operation: "give the output folder's owner (user \(owner.user), group \(owner.group)) to", code: errno)
        }
    }

    /// The owner and group of `path`.
    package static func owner(of path: String) -> (user: UInt32, group: UInt32)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_uid, info.st_gid)
    }

    /// For a permission error on `path`: whether a folder above it cannot be searched (or, for a
    /// write, the folder holding it cannot be written), or the file itself lacks the permission.
    package static func permissionHint(for path: String, operation: String) -> String {
        var folder = Paths.parent(of: path)
        var blocked: String?
        while !folder.isEmpty, folder != "/" {
            if access(folder, X_OK) != 0 { blocked = folder }
            folder = Paths.parent(of: folder)
        }
        if let blocked { return "you may not enter the folder \(blocked) (it lacks the x permission for you)" }
        let isFolder = isDirectory(path)
        switch operation {
        case "read":
            return isFolder ? "the folder is not readable by you: chmod u+rx \(path)" : "the file is not readable by you: chmod u+r \(path)"
        case "list":
            return "the folder is not readable by you: chmod u+rx \(path)"
        default:
            let parent = Paths.parent(of: path)
            if access(parent, W_OK) != 0 { return "you may not write in the folder \(parent)" }
            return "you may not change \(path)"
        }
    }

    // MARK: - Private

    private static func renameAtomically(_ from: String, _ to: String, exchange: Bool, operation: String) throws(FileIOError) {
        if SystemCalls.rename(from, to, exchange: exchange) != 0 {
            throw FileIOError(path: to, operation: operation, code: errno)
        }
    }

    /// Reads until `buffer` is full or the file ends; the byte count, or -1.
    private static func readFully(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if count == 0 { break }
            total += count
        }
        return total
    }
}
