#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file of the site being written, created with the permission bits it must have from the
/// start (never widened and narrowed afterwards, so there is no moment when others may read it).
struct FileCreation {
    /// An absolute path; the folders above it are made.
    var path: String
    /// The permission bits asked for (the umask may take more away).
    var mode: UInt32

    struct Failure: Error {
        var reason: String
        init(_ code: Int32) { reason = String(cString: strerror(code)) }
    }

    /// Writes `bytes` as the file's contents, replacing any file there.
    func fill(_ bytes: [UInt8]) throws(Failure) {
        let fd = try create()
        defer { close(fd) }
        if let code = bytes.withUnsafeBytes({ Self.writeAll(fd, $0) }) { throw Failure(code) }
    }

    /// Copies the bytes of the file at `source` (symlinks followed), a chunk at a time.
    func fill(copying source: String) throws(Failure) {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { throw Failure(errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw Failure(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(EINVAL) }
        let fd = try create()
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(errno) }
            if count == 0 { return }
            if let code = chunk.withUnsafeBytes({ Self.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<count])) }) { throw Failure(code) }
        }
    }

    /// The permission bits of the file at `path`, symlinks followed.
    static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    // MARK: - Private

    /// Makes the folders above the file, removes what is at its path, creates it.
    private func create() throws(Failure) -> Int32 {
        try Self.makeFolders(upTo: path)
        if unlink(path) != 0, errno != ENOENT { throw Failure(errno) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard fd >= 0 else { throw Failure(errno) }
        return fd
    }

    private static func makeFolders(upTo file: String) throws(Failure) {
        var folder = file
        var missing: [String] = []
        while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            folder = String(folder[..<slash])
            if access(folder, F_OK) == 0 { break }
            missing.append(folder)
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST { throw Failure(errno) }
    }

    /// Writes all of `bytes`; nil, or the error code.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written == 0 ? EIO : errno }
            offset += written
        }
        return nil
    }
}
