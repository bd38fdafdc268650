#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellarDiagnostics
import DirectoryEntries

/// A file-system call that failed, with the path and the system's reason.
package struct FileIOError: Error, Sendable, DiagnosticConvertible {
    package var path: String
    package var operation: String
    package var code: Int32

    package init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    package var diagnostic: Diagnostic {
        .error("cannot \(operation) \(path): \(reason)", hint: hint)
    }

    /// Whether the disk (or the user's quota) is full.
    package var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    /// Whether there is nothing at the path (or at a folder on the way to it).
    package var isMissing: Bool { code == ENOENT }

    /// The system's words for `code`.
    package var reason: String {
        switch code {
        case FileIO.notARegularFile: "it is not a regular file (a FIFO, socket or device)"
        case FileIO.mountPoint: "it is a mount point inside the output folder, and a new site cannot hold another file system"
        default: String(cString: strerror(code))
        }
    }

    /// What to do about it: for a permission problem, what lacks the permission — the file itself
    /// or a folder above it — found by asking the system, so the hint is true.
    package var hint: String? {
        if operation == "swap in", code == EINVAL || code == ENOSYS || code == EOPNOTSUPP {
            return "this file system cannot swap two folders in one step (renameat2 RENAME_EXCHANGE); build into a folder on ext4, xfs, btrfs or tmpfs"
        }
        switch code {
        case FileIO.mountPoint: return "unmount it, or mount it elsewhere: the output folder is replaced as a whole on every build"
        case EACCES, EPERM: return FileIO.permissionHint(for: path, operation: operation)
        case ENOSPC, EDQUOT: return "free some space on that disk"
        default: return nil
        }
    }
}

/// What `lstat` says about a path.
package struct FileStatus: Sendable, Hashable {
    package enum Kind: Sendable { case file, directory, symlink, other }
    package var kind: Kind
    package var size: Int
    package var modified: Int64     // nanoseconds since 1970
    package var inode: UInt64
    /// The permission bits (`chmod`), so a file made unreadable counts as changed.
    package var mode: UInt32 = 0
    /// When the inode last changed (ctime, nanoseconds): permissions, owner, links, contents.
    package var changed: Int64 = 0
    package var links: Int = 1
    package var device: UInt64 = 0

    package init(kind: Kind, size: Int, modified: Int64, inode: UInt64, mode: UInt32 = 0, changed: Int64 = 0, links: Int = 1,
                 device: UInt64 = 0) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.inode = inode
        self.mode = mode
        self.changed = changed
        self.links = links
        self.device = device
    }
}

/// Thin POSIX wrappers: Foundation's FileManager is several times slower for the tens of
/// thousands of small files a build reads and writes.
package enum FileIO {
    package static func status(_ path: String, followLinks: Bool = false) -> FileStatus? {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        return FileStatus(info)
    }

    /// Calls `body` with the folder at `path` open (for ``status(_:in:)``); nil when it cannot be opened.
    package static func withFolder<R>(_ path: String, _ body: (Int32) -> R) -> R? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return body(fd)
    }

    /// What `lstat` says of `relative` inside the open folder `folder`: the system walks only the
    /// relative path, not the folder's own path again.
    package static func status(_ relative: String, in folder: Int32) -> FileStatus? {
        var info = stat()
        guard fstatat(folder, relative.isEmpty ? "." : relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStatus(info)
    }

    /// A folder's entries in name order, each with what `lstat` says of it (nil when it went
    /// between the listing and the look). Each entry is looked at from the open folder, so the
    /// system resolves one name, not the whole path again: a big site's inputs are many files.
    package static func listWithStatus(_ path: String) -> [(name: String, status: FileStatus?)]? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard let dir = fdopendir(fd) else {
            close(fd)
            return nil
        }
        defer { closedir(dir) }   // closes fd too
        var names: [String] = []
        eachEntry(of: dir) { name, _ in names.append(name) }
        names.sort()
        return names.map { name in (name, status(name, in: fd)) }
    }

    /// Calls `body` with each entry's name (never `.` or `..`) and its `d_type`, in the order the
    /// folder gives them.
    private static func eachEntry(of dir: OpaquePointer, _ body: (String, Int32) -> Void) {
        while let entry = readdir(dir) {
            // Read in place: a copy of the record read past its end (see DirectoryEntry).
            if DirectoryEntry.isDots(entry) { continue }
            body(DirectoryEntry.name(of: entry), Int32(DirectoryEntry.type(of: entry)))
        }
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Why `stat` cannot look at `path` (following symlinks): its error code, or nil when it can.
    package static func statusProblem(_ path: String) -> Int32? {
        var info = stat()
        return stat(path, &info) == 0 ? nil : errno
    }

    package static func isDirectory(_ path: String) -> Bool { status(path, followLinks: true)?.kind == .directory }

    /// The error code of ``read(_:limit:)`` for FIFOs, sockets and devices, which it never reads.
    package static let notARegularFile: Int32 = -1
    /// The error code for a folder on another file system inside the output folder.
    package static let mountPoint: Int32 = -2

    /// Reads a whole regular file. FIFOs, sockets and devices are refused (``notARegularFile``), never
    /// waited on: the file is opened without blocking and checked before any read.
    package static func read(_ path: String, limit: Int = .max) throws(FileIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileIOError(path: path, operation: "read", code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", code: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileIOError(path: path, operation: "read", code: EISDIR)
        default: throw FileIOError(path: path, operation: "read", code: notARegularFile)
        }
        let expected = Int(info.st_size)
        if expected > limit { throw FileIOError(path: path, operation: "read", code: EFBIG) }
        // The size fstat gives, plus one byte to see the end without growing the buffer.
        var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var total = 0
        while true {
            if total == bytes.count {
                if total >= limit && total > 0 {
                    throw FileIOError(path: path, operation: "read", code: EFBIG)
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, total)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                SystemCalls.read(fd, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIOError(path: path, operation: "read", code: errno)
            }
            if count == 0 { break }
            total += count
        }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// Reads `count` bytes of a regular file from `offset` (a part of a page written by the last
    /// build, not the whole page); fewer when the file ends sooner. The buffer is sized by what the
    /// file holds past `offset`, not by `count` alone: a count read from a damaged cache file asks
    /// for no more memory than the file has bytes.
    package static func read(_ path: String, offset: Int, count: Int) throws(FileIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileIOError(path: path, operation: "read", code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileIOError(path: path, operation: "read", code: notARegularFile) }
        let available = offset >= 0 ? max(Int(info.st_size) - offset, 0) : 0
        var bytes = [UInt8](repeating: 0, count: max(min(count, available), 0))
        var total = 0
        while total < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw FileIOError(path: path, operation: "read", code: errno)
            }
            if read == 0 { break }
            total += read
        }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// Writes `bytes` to the file at `path`, creating it or replacing its contents.
    ///
    /// An existing file is overwritten from the start and cut to length only when it was longer:
    /// truncating frees its blocks, which file systems mounted with `discard` trim synchronously.
    /// - Returns: the file's modification time, in nanoseconds since 1970.
    @discardableResult
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) -> Int64 {
        try write(bytes, to: path, creating: false).modified
    }

    /// What a write left on disk: the file's modification time and inode.
    package struct Written: Sendable {
        package var modified: Int64
        package var inode: UInt64
    }

    /// Writes `bytes` to `path`: over an existing file in place (see ``write(_:to:)-(UnsafeRawBufferPointer,_)``),
    /// or — when `creating` — into a new file, failing if one is there. With `creating`, nothing that exists is followed or reused.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String, creating: Bool) throws(FileIOError) -> Written {
        var file = try OverwrittenFile(path, creating: creating)
        try file.append(bytes)
        return try file.finish()
    }

    /// A file's modification time, in nanoseconds since 1970.
    package static func modifiedTime(_ info: stat) -> Int64 {
        SystemCalls.modified(info)
    }

    /// A file opened to be overwritten in place: written from its start, and cut to length at the
    /// end only when it was longer (see ``write(_:to:)-(UnsafeRawBufferPointer,_)``). On an error
    /// the descriptor is closed before the error is thrown.
    package struct OverwrittenFile: ~Copyable {
        let fd: Int32
        let path: String
        let oldSize: Int
        var written = 0

        init(_ path: String, creating: Bool = false) throws(FileIOError) {
            let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (creating ? O_EXCL : 0)
            fd = open(path, flags, 0o644)
            guard fd >= 0 else { throw FileIOError(path: path, operation: "write", code: errno) }
            self.path = path
            // A file just made (O_EXCL) is empty: only one that was there has a size to cut to.
            var before = stat()
            oldSize = creating ? 0 : fstat(fd, &before) == 0 ? Int(before.st_size) : 0
        }

        mutating func append(_ bytes: UnsafeRawBufferPointer) throws(FileIOError) {
            var offset = 0
            while offset < bytes.count {
                let count = SystemCalls.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno)
                }
                offset += count
            }
            written += bytes.count
        }

        /// Cuts the file to what was written (when it was longer), closes it; returns its modification time and inode.
        consuming func finish() throws(FileIOError) -> Written {
            if oldSize > written, ftruncate(fd, off_t(written)) != 0 { throw failure(errno) }
            var info = stat()
            let done = fstat(fd, &info) == 0 ? Written(modified: FileIO.modifiedTime(info), inode: UInt64(info.st_ino))
                : Written(modified: 0, inode: 0)
            guard close(fd) == 0 else { throw FileIOError(path: path, operation: "write", code: errno) }
            return done
        }

        /// Closes the file and describes `code` as an error writing it.
        func failure(_ code: Int32) -> FileIOError {
            close(fd)
            return FileIOError(path: path, operation: "write", code: code)
        }
    }

    @discardableResult
    package static func write(_ string: String, to path: String) throws(FileIOError) -> Int64 {
        var string = string
        var result: Result<Int64, FileIOError> = .success(0)
        string.withUTF8 { buffer in
            do throws(FileIOError) { result = .success(try write(UnsafeRawBufferPointer(buffer), to: path)) } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String) throws(FileIOError) -> Int64 {
        var result: Result<Int64, FileIOError> = .success(0)
        bytes.withUnsafeBytes { buffer in
            do throws(FileIOError) { result = .success(try write(buffer, to: path)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Writes through a temporary file and a rename, so readers never see half a file.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileIOError) {
        let temporary = path + ".cellar-tmp-\(getpid())"
        try write(bytes, to: temporary)
        try rename(temporary, to: path)
    }

    /// Writes `parts` one after another, as ``writeAtomically(_:to:)`` writes one array: the parts
    /// are never joined, so a big file made in runs (a manifest of 100,000 lines) is in memory once.
    package static func writeAtomically(parts: [[UInt8]], to path: String) throws(FileIOError) {
        try writeAtomically(to: path) { write in
            for part in parts { write(part) }
        }
    }

    /// Writes the parts `produce` hands to its argument, one after another as they come, as
    /// ``writeAtomically(_:to:)`` writes one array: a file made in runs is never whole in memory.
    /// After a failed write the parts are dropped, and the failure thrown once `produce` returns.
    package static func writeAtomically(to path: String, produce: (_ write: ([UInt8]) -> Void) -> Void) throws(FileIOError) {
        let temporary = path + ".cellar-tmp-\(getpid())"
        var file = try OverwrittenFile(temporary)
        var failure: FileIOError?
        produce { part in
            guard failure == nil else { return }
            part.withUnsafeBytes { buffer in
                do throws(FileIOError) { try file.append(buffer) } catch { failure = error }
            }
        }
        if let failure { throw failure }
        _ = try file.finish()
        try rename(temporary, to: path)
    }

    package static func makeDirectory(_ path: String) throws(FileIOError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileIOError(path: path, operation: "create the folder", code: errno)
        }
    }

    /// `mkdir -p`.
    package static func makeDirectories(_ path: String) throws(FileIOError) {
        if isDirectory(path) { return }
        let parent = Paths.parent(of: path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        try makeDirectory(path)
    }

    package static func rename(_ from: String, to: String) throws(FileIOError) {
        if SystemCalls.rename(from, to) != 0 { throw FileIOError(path: from, operation: "rename", code: errno) }
    }

    package static func remove(_ path: String) { SystemCalls.unlink(path) }

    /// Names in a folder (no `.` and `..`), with their types when the file system says them.
    package static func list(_ path: String) throws(FileIOError) -> [(name: String, kind: FileStatus.Kind?)] {
        guard let dir = opendir(path) else { throw FileIOError(path: path, operation: "list", code: errno) }
        defer { closedir(dir) }
        var entries: [(String, FileStatus.Kind?)] = []
        eachEntry(of: dir) { name, type in
            let kind: FileStatus.Kind? = switch type {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .directory
            case Int32(DT_LNK): .symlink
            case Int32(DT_UNKNOWN): nil
            default: .other
            }
            entries.append((name, kind))
        }
        return entries.sorted { $0.0 < $1.0 }
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// Copies a file's bytes over `to` in place, or — when `creating` — into a new file, a chunk at a
    /// time so a large video costs no more memory than a small image.
    package static func copy(_ from: String, to: String, creating: Bool) throws(FileIOError) -> Written {
        let source = open(from, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard source >= 0 else { throw FileIOError(path: from, operation: "read", code: errno) }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw FileIOError(path: from, operation: "read", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileIOError(path: from, operation: "read", code: info.st_mode & S_IFMT == S_IFDIR ? EISDIR : notARegularFile)
        }
        let chunk = min(1 << 20, max(4096, Int(info.st_size) + 1))
        var target = try OverwrittenFile(to, creating: creating)
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(source, $0.baseAddress!, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                _ = target.failure(code)
                throw FileIOError(path: from, operation: "read", code: code)
            }
            if count == 0 { break }
            var failure: FileIOError?
            buffer.withUnsafeBytes { bytes in
                do throws(FileIOError) { try target.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        return try target.finish()
    }
}

extension FileStatus {
    /// The status `stat` gave, its kind read from the mode.
    package init(_ info: stat) {
        let kind: Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
        self.init(info, kind: kind)
    }

    package init(_ info: stat, kind: Kind) {
        self.init(kind: kind, size: Int(info.st_size), modified: FileIO.modifiedTime(info), inode: UInt64(info.st_ino),
                  mode: UInt32(info.st_mode & 0o7777),
                  changed: SystemCalls.changed(info),
                  links: Int(info.st_nlink), device: UInt64(info.st_dev))
    }
}
