/// The bytes of a served file, read from disk as they are sent — never held whole in memory —
/// with the live-reload snippet spliced in for HTML.
///
/// The representation is the file's bytes up to ``Insertion/offset``, then the inserted bytes,
/// then the rest of the file. A response may send only a window of it (a byte range). The body
/// owns its descriptor: whoever receives it hands it to the daemon or calls ``close()``.
struct FileBody: Sendable {
    /// Bytes spliced into the file as it is served.
    struct Insertion: Equatable, Sendable {
        /// Where in the file they go.
        var offset: UInt64
        var bytes: [UInt8]
    }

    let descriptor: Int32
    /// The file's size when it was opened.
    let fileSize: UInt64
    let insertion: Insertion?

    /// The representation's length: the file's plus the inserted bytes.
    var length: UInt64 {
        fileSize + UInt64(insertion?.bytes.count ?? 0)
    }

    /// Fills `buffer` with the representation's bytes from `position`, across the inserted
    /// bytes, as far as it goes; returns how many, or `nil` when the file ended early (it was
    /// truncated while being sent) or could not be read.
    func read(at position: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var filled = 0
        while filled < buffer.count && position + UInt64(filled) < length {
            guard let count = readSegment(at: position + UInt64(filled), into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) else {
                return filled > 0 ? filled : nil
            }
            filled += count
        }
        return filled > 0 ? filled : nil
    }

    /// Closes the descriptor.
    func close() {
        Platform.close(descriptor)
    }
}

private extension FileBody {
    /// Reads from the one part (file before, inserted bytes, file after) `position` falls in.
    func readSegment(at position: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard position < length, let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        let wanted = Int(min(UInt64(buffer.count), length - position))
        guard let insertion else { return readFile(at: position, count: wanted, into: base) }
        let inserted = UInt64(insertion.bytes.count)
        if position < insertion.offset {
            return readFile(at: position, count: Int(min(UInt64(wanted), insertion.offset - position)), into: base)
        }
        if position < insertion.offset + inserted {
            let start = Int(position - insertion.offset)
            let count = min(wanted, insertion.bytes.count - start)
            UnsafeMutableRawBufferPointer(start: base, count: count).copyBytes(from: insertion.bytes[start..<(start + count)])
            return count
        }
        return readFile(at: position - inserted, count: wanted, into: base)
    }

    func readFile(at offset: UInt64, count: Int, into base: UnsafeMutableRawPointer) -> Int? {
        while true {
            let read = pread(descriptor, base, count, off_t(offset))
            if read < 0 && errno == EINTR { continue }
            return read > 0 ? read : nil
        }
    }
}
