#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where file systems are mounted: the system's table of mount points (Linux's
/// `/proc/self/mountinfo`, Darwin's `getmntinfo`), or a list a test gives.
///
/// The table, not the folders' device numbers, is what finds every mount: a bind mount of a folder
/// of the same file system (`mount --bind ~/data public/data`) has the device of the folder around
/// it, and only the table says that another tree hangs there.
package struct MountTable: Sendable {
    /// The mount points, absolute and with their symlinks resolved; nil when the table cannot be read.
    private let read: @Sendable () -> [String]?

    package init(_ read: @escaping @Sendable () -> [String]?) {
        self.read = read
    }

    /// The system's table, read afresh at each look.
    package static let system = MountTable { systemMountPoints() }

    /// The mount points strictly inside `folder` (an absolute path with its symlinks resolved) —
    /// and `folder` itself too when `orItself` — in path order; nil when the table cannot be read.
    package func mountPoints(inside folder: String, orItself: Bool = false) -> [String]? {
        read()?.filter { point in
            guard let relative = Paths.relative(point, to: folder) else { return false }
            return orItself || !relative.isEmpty
        }.sorted()
    }

    /// The mount points of `/proc/self/mountinfo`'s lines: the fifth field, with the kernel's
    /// escapes (`\040` for a space, `\011` tab, `\012` newline, `\134` backslash) undone.
    package static func mountPoints(mountInfo text: [UInt8]) -> [String] {
        var points: [String] = []
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            points.append(unescaped(fields[4]))
        }
        return points
    }

    // MARK: - Private

    private static func unescaped(_ field: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = field.startIndex
        while index < field.endIndex {
            let byte = field[index]
            if byte == UInt8(ascii: "\\"), field.endIndex - index >= 4,
               let value = octal(field[(index + 1)...(index + 3)]) {
                bytes.append(value)
                index += 4
                continue
            }
            bytes.append(byte)
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }

    private static func systemMountPoints() -> [String]? {
        #if canImport(Glibc)
        // A file of the proc file system says its size is 0: read it to its end.
        let fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCalls.read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            text += chunk[..<count]
        }
        return mountPoints(mountInfo: text)
        #elseif canImport(Darwin)
        var table: UnsafeMutablePointer<statfs>?
        let count = getmntinfo(&table, MNT_NOWAIT)
        guard count > 0, let table else { return nil }
        return (0..<Int(count)).map { index in
            withUnsafeBytes(of: table[index].f_mntonname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        #endif
    }
}
