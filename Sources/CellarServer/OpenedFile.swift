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
        let fd = Platform.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.missing) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Platform.close(fd)
            return .failure(.notRegular)
        }
        let file = OpenedFile(descriptor: fd, size: UInt64(max(0, info.st_size)), entityTag: EntityTag(info))
        return .success(file)
    }

    /// Reads `count` bytes from `offset`, fewer at the end of the file.
    func read(at offset: UInt64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The body that sends this file, with `insertion` spliced in.
    func body(inserting insertion: FileBody.Insertion?) -> FileBody {
        FileBody(descriptor: descriptor, fileSize: size, insertion: insertion)
    }

    /// Closes the descriptor.
    func close() {
        Platform.close(descriptor)
    }
}
