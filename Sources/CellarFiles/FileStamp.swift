/// What a file's status says of its bytes: its size, its modification and inode-change times, its
/// inode and its device. The same stamp is taken to mean the same bytes (a file rewritten within
/// one tick of the file system's clock keeps its stamp: who trusts one says how far). Permissions,
/// owner and the number of links are not in it, but changing any of them moves the inode-change time.
///
/// The one record of a file's status that Cellar keeps between builds: the input snapshot
/// (`InputSnapshot`, every input file) and the photos' byte hashes (`ImageKeys`). The output's
/// manifest keeps less on purpose — the output and its spare share files by hard link, and a link
/// made or removed moves the inode-change time of a file whose bytes did not change.
package struct FileStamp: Sendable, Hashable {
    package var size: Int
    /// Nanoseconds since 1970.
    package var modified: Int64
    /// When the inode last changed (ctime, nanoseconds): contents, permissions, owner, links.
    package var changed: Int64
    package var inode: UInt64
    package var device: UInt64

    package init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// The stamp as five tab-separated decimal fields (the form `ImageKeys` and the input snapshot
    /// keep in `.cellar-cache`).
    package var fields: String {
        var bytes: [UInt8] = []
        appendFields(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``fields`` to `bytes`: the input snapshot writes a line for each of a big site's
    /// files, and a String made per line cost it most of its time.
    package func appendFields(to bytes: inout [UInt8]) {
        Self.appendDecimal(Int64(size), to: &bytes)
        bytes.append(0x09)
        Self.appendDecimal(modified, to: &bytes)
        bytes.append(0x09)
        Self.appendDecimal(changed, to: &bytes)
        bytes.append(0x09)
        Self.appendDecimal(inode, to: &bytes)
        bytes.append(0x09)
        Self.appendDecimal(device, to: &bytes)
    }

    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(0x2D) }
        appendDecimal(value.magnitude, to: &bytes)
    }

    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = value
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = 0x30 + UInt8(value % 10)
                value /= 10
            } while value > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// The stamp written by ``fields``; nil unless `fields` are exactly five numbers.
    package init?<S: StringProtocol>(fields: [S]) {
        guard fields.count == 5, let size = Int(fields[0]), let modified = Int64(fields[1]), let changed = Int64(fields[2]),
              let inode = UInt64(fields[3]), let device = UInt64(fields[4]) else { return nil }
        self.init(size: size, modified: modified, changed: changed, inode: inode, device: device)
    }
}

extension FileStatus {
    /// What this status says of the file's bytes.
    package var stamp: FileStamp {
        FileStamp(size: size, modified: modified, changed: changed, inode: inode, device: device)
    }
}
