#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `readdir` says of one entry of a folder, read where the entry lies.
///
/// The system packs a folder's entries into a buffer, each only as long as its name: a `dirent`
/// is shorter than `MemoryLayout<dirent>.size`, and the last one of a full buffer may end a few
/// bytes before memory that cannot be read. Copying the whole record — `entry.pointee`, or its
/// 256-byte `d_name` into `withUnsafePointer(to:)` — read past its end: on 2 loaded cores a
/// `cellar build --clean` of a 10,000-item site died of it (SIGSEGV in the content scan) in the
/// fifteenth round of a loop of builds, and AddressSanitizer reports it on the first build of that
/// site (a folder whose entries fill the buffer). Every `readdir` caller in Cellar reads names and
/// types through here.
/// This module has nothing of Cellar in it: the engine, the server and the bench use it.
package enum DirectoryEntry {
    /// The entry's name (`.` and `..` included), read up to its terminating zero in place.
    package static func name(of entry: UnsafePointer<dirent>) -> String {
        String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
    }

    /// The entry's `d_type` (`DT_DIR`, `DT_REG`, `DT_LNK`, `DT_UNKNOWN` …), one byte read in place.
    package static func type(of entry: UnsafePointer<dirent>) -> UInt8 {
        (UnsafeRawPointer(entry) + typeOffset).load(as: UInt8.self)
    }

    /// Whether the entry is `.` or `..`.
    package static func isDots(_ entry: UnsafePointer<dirent>) -> Bool {
        let name = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: UInt8.self)
        return name[0] == UInt8(ascii: ".") && (name[1] == 0 || name[1] == UInt8(ascii: ".") && name[2] == 0)
    }

    // The fields' places in the record: facts of the C library's struct, the same for every entry.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
}
