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
    package var fields: String { "\(size)\t\(modified)\t\(changed)\t\(inode)\t\(device)" }

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
