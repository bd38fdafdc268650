/// One event read from an inotify descriptor.
struct InotifyEvent: Equatable, Sendable {
    /// The watch descriptor (-1 for `IN_Q_OVERFLOW`).
    var watch: Int32
    var mask: UInt32
    var cookie: UInt32
    /// The entry's name inside the watched folder; empty for events on the folder itself.
    var name: String

    /// The size of `struct inotify_event` without its name.
    static let headerSize = 16

    /// Splits a buffer filled by `read(2)` into events: each is a 16-byte header
    /// (`wd`, `mask`, `cookie`, `len`) followed by `len` bytes of NUL-padded name.
    static func parse(_ buffer: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= buffer.count {
            let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard nameStart + length <= buffer.count else { break }
            let nameBytes = buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }
            events.append(InotifyEvent(
                watch: watch, mask: mask, cookie: cookie, name: String(decoding: nameBytes, as: UTF8.self)
            ))
            offset = nameStart + length
        }
        return events
    }
}
