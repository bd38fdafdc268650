import Glibc

/// A regular file opened for one response, with the metadata read from the same descriptor
/// (so the size and tag match the bytes served even if the file is replaced meanwhile).
struct OpenedFile {
    enum Failure: Error { case missing, notRegular }

    let descriptor: Int32
    let size: UInt64
    let entityTag: EntityTag

    /// Opens `path` read-only; the final component must not be a symlink (the resolver
    /// already resolved them).
    static func open(_ path: String) -> Result<OpenedFile, Failure> {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.missing) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = Glibc.close(fd)
            return .failure(.notRegular)
        }
        let file = OpenedFile(descriptor: fd, size: UInt64(max(0, info.st_size)), entityTag: EntityTag(info))
        return .success(file)
    }

    /// Reads the whole file from the start.
    func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let count = pread(descriptor, &chunk, chunk.count, offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            offset += off_t(count)
        }
        return bytes
    }

    /// Closes the descriptor.
    func close() {
        _ = Glibc.close(descriptor)
    }
}
