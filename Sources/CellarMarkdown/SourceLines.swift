#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each line of a UTF-8 text starts and ends, with `\n`, `\r\n` and `\r` all ending a line as
/// they do for libcmark. Lines are numbered from 1.
struct SourceLines {
    /// Byte offset of each line's first byte.
    private(set) var starts: [Int] = []
    /// Byte offset just past each line's content (before its line ending).
    private(set) var ends: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            starts = [0]
            ends = [0]
            return
        }
        let count = bytes.count
        starts.reserveCapacity(count / 40 + 1)
        ends.reserveCapacity(count / 40 + 1)
        var start = 0
        if memchr(base, 0x0D, count) == nil {
            // No carriage return (the usual case): memchr finds the line feeds.
            while start < count, let found = memchr(base + start, 0x0A, count - start) {
                let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                starts.append(start)
                ends.append(end)
                start = end + 1
            }
        } else {
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    starts.append(start)
                    ends.append(index)
                    if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                    start = index + 1
                }
                index += 1
            }
        }
        if start < count || starts.isEmpty {
            starts.append(start)
            ends.append(count)
        }
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { SourceLines($0) }
    }

    /// No lines yet: for a text written line by line (``append(start:end:)``).
    init() {}

    mutating func reserve(_ count: Int) {
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
    }

    mutating func append(start: Int, end: Int) {
        starts.append(start)
        ends.append(end)
    }

    var count: Int { starts.count }

    /// The bytes of line `line` (1-based), without its line ending; empty past the end.
    func content(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= starts.count else { return 0..<0 }
        return starts[line - 1]..<ends[line - 1]
    }

    /// The 1-based line holding byte `offset`.
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}
