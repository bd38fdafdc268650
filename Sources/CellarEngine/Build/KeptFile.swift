import CellarFiles
import Foundation

/// The layout every file `cellar build` keeps in `.cellar-cache` for the next process shares
/// (``KeptPages``, ``KeptBodies``, ``KeptCells``): a magic line, the format version, the key of what
/// it was written under, the records, then a hash of all that. Numbers are 64-bit little-endian,
/// texts their UTF-8 length then their bytes; a file may write its small numbers, lengths and
/// flags compact instead (``Writer/appendCompact(_:)-(UInt64)``: `items.bin` halves so).
///
/// A file that is cut short, damaged, of another format version or written under another key
/// reads as nothing kept: the build then makes everything, as if the file were missing.
enum KeptFile {
    /// What everything kept depends on besides its own inputs: the program itself (the binary's
    /// file: a rebuilt Cellar may make the same inputs into other bytes), the C libraries it loaded
    /// and the time zone data. Nil when the binary cannot be known: then nothing is kept between processes.
    static let programKey: UInt64? = {
        guard let status = FileIO.status("/proc/self/exe", followLinks: true), status.kind == .file else { return nil }
        var hash = StableHash()
        hash.combine(status.size)
        hash.combine(UInt64(bitPattern: status.modified))
        hash.combine(UInt64(bitPattern: status.changed))
        hash.combine(status.inode)
        hash.combine(status.device)
        hash.combine(CellarVersion.current)
        for library in CellarVersion.libraries {
            hash.combine(library.name)
            hash.combine(library.version)
        }
        hash.combine(ProcessInfo.processInfo.environment["TZDIR"] ?? "")
        return hash.value
    }()

    /// The key a kept file of format `version` is written under: the version, ``programKey``, then
    /// what else that file's contents depend on (`combine` adds it). Nil when the program cannot be
    /// known: then nothing is kept between processes.
    static func key(version: UInt32, _ combine: (inout StableHash) -> Void = { _ in }) -> UInt64? {
        guard let programKey else { return nil }
        var hash = StableHash()
        hash.combine(UInt64(version))
        hash.combine(programKey)
        combine(&hash)
        return hash.value
    }

    /// Whether a build keeps what it made for the next process: `cellar build` (staged writes) of
    /// a site whose kinds are all its theme's (cells registered in code are not files whose change
    /// a key could see).
    static func isKept(by options: BuildOptions) -> Bool {
        options.writeMode == .staged && options.kinds.isEmpty
    }

    /// Builds a file's bytes: the header at once, then the records, then ``finished()``. A big file
    /// is handed out in parts as it grows (``part(over:)``), so it is never whole in memory.
    struct Writer {
        private(set) var bytes: [UInt8]
        /// The hash of the parts handed out already (each a multiple of eight bytes long, so that
        /// hashing them one after another gives the hash of the whole).
        private var handedOut = StableHash()

        /// A writer of one record, without the file's header: to be copied into a file (``append(bytes:)``).
        init() {
            bytes = []
        }

        init(magic: [UInt8], version: UInt32, key: UInt64, capacity: Int = 0) {
            bytes = magic
            bytes.reserveCapacity(magic.count + 24 + capacity)
            append(UInt64(version))
            append(key)
        }

        mutating func append(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func append(_ value: Int) { append(UInt64(bitPattern: Int64(value))) }

        /// Bytes as they are: a record another file of this format holds, copied whole.
        mutating func append(bytes: ArraySlice<UInt8>) { self.bytes.append(contentsOf: bytes) }

        mutating func append(_ value: Bool) { append(UInt64(value ? 1 : 0)) }

        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                append(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// `value` in as few bytes as it takes, seven bits a byte, low bits first, the high bit
        /// set on every byte but the last: for lengths, counts, flags, tags and small numbers,
        /// which take one or two bytes instead of eight.
        mutating func appendCompact(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// A signed number, compact (``appendCompact(_:)-(UInt64)``) by its magnitude: zigzag, so
        /// that -1 takes one byte, not ten.
        mutating func appendCompact(_ value: Int) {
            let value = Int64(value)
            appendCompact(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func appendCompact(_ value: Bool) { bytes.append(value ? 1 : 0) }

        /// A text: its UTF-8 length, compact, then its bytes.
        mutating func appendCompact(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                appendCompact(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// What was written since the last part, once it is `threshold` bytes or more; else nil.
        mutating func part(over threshold: Int = 1 << 20) -> [UInt8]? {
            guard bytes.count >= threshold else { return nil }
            let cut = bytes.count & ~7
            let part = Array(bytes[..<cut])
            part.withUnsafeBytes { handedOut.combine($0) }
            bytes.removeSubrange(..<cut)
            return part
        }

        /// The bytes not handed out yet, with the checksum of the whole file.
        func finished() -> [UInt8] {
            var bytes = self.bytes
            withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
            return bytes
        }

        /// The checksum ``finished()`` ends the file with (what another file names it by).
        var checksum: UInt64 {
            var hash = handedOut
            bytes.withUnsafeBytes { hash.combine($0) }
            return hash.value
        }
    }

    /// Reads records back from a file's bytes; every read is nil past the end.
    /// Lives only inside ``KeptFile/read(_:magic:version:key:_:)``, over its bytes.
    struct Reader {
        private let buffer: UnsafeRawBufferPointer
        /// Where the records end (the checksum follows).
        private let end: Int
        private var offset: Int

        fileprivate init(_ buffer: UnsafeRawBufferPointer, offset: Int, end: Int? = nil) {
            self.buffer = buffer
            self.end = end ?? buffer.count - 8
            self.offset = offset
        }

        /// Where the next record starts, from the start of the file.
        var position: Int { offset }

        /// Passes over `count` bytes (a record read later, or never); false past the end.
        mutating func skip(_ count: UInt64) -> Bool {
            guard count <= UInt64(end - offset) else { return false }
            offset += Int(count)
            return true
        }

        /// Whether every record was read (a file with bytes left over is not one this code wrote).
        var isAtEnd: Bool { offset == end }

        /// How many bytes are left: a count larger than these allow is damage, not a reason to reserve room.
        var remaining: Int { end - offset }

        mutating func number() -> UInt64? {
            guard offset + 8 <= end else { return nil }
            defer { offset += 8 }
            return buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
        }

        mutating func integer() -> Int? { number().map { Int(truncatingIfNeeded: Int64(bitPattern: $0)) } }

        mutating func flag() -> Bool? { Self.flag(number()) }

        /// A count of records at least `size` bytes each; nil when the file cannot hold that many.
        mutating func count(ofRecordsAtLeast size: Int) -> Int? { count(number(), ofRecordsAtLeast: size) }

        /// A number ``Writer/appendCompact(_:)-(UInt64)`` wrote; nil past the end or for more than
        /// ten bytes or 64 bits.
        mutating func compactNumber() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < end {
                let byte = buffer[offset]
                offset += 1
                let bits = UInt64(byte & 0x7F)
                guard shift < 64, shift < 63 || bits <= 1 else { return nil }
                value |= bits << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func compactInteger() -> Int? {
            compactNumber().map { Int(truncatingIfNeeded: Int64(bitPattern: $0 >> 1) ^ -Int64(bitPattern: $0 & 1)) }
        }

        mutating func compactFlag() -> Bool? { Self.flag(compactNumber()) }

        /// A compact count of records at least `size` bytes each; nil when the file cannot hold that many.
        mutating func compactCount(ofRecordsAtLeast size: Int) -> Int? { count(compactNumber(), ofRecordsAtLeast: size) }

        /// 0 or 1 as a flag; nil for anything else, or none.
        private static func flag(_ number: UInt64?) -> Bool? {
            switch number {
            case 0?: return false
            case 1?: return true
            default: return nil
            }
        }

        /// `number` as a count of records at least `size` bytes each; nil when what is left of the
        /// file cannot hold that many.
        private func count(_ number: UInt64?, ofRecordsAtLeast size: Int) -> Int? {
            guard let number, number <= UInt64(remaining / max(size, 1)) else { return nil }
            return Int(number)
        }

        mutating func compactText() -> String? { compactNumber().flatMap { text(ofLength: $0) } }

        mutating func text() -> String? { number().flatMap { text(ofLength: $0) } }

        /// The next `count` bytes as UTF-8 text; nil past the end or when they are not UTF-8.
        private mutating func text(ofLength count: UInt64) -> String? {
            guard count <= UInt64(end - offset) else { return nil }
            defer { offset += Int(count) }
            return String(validating: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(count)]), as: UTF8.self)
        }
    }

    /// The records of `bytes` as `records` reads them; nil unless the file is whole, of `version`,
    /// written under `key`, and `records` read it to its end.
    static func read<Value>(_ bytes: [UInt8], magic: [UInt8], version: UInt32, key: UInt64,
                            _ records: (inout Reader) -> Value?) -> Value? {
        guard bytes.count >= magic.count + 8 * 3, bytes.starts(with: magic) else { return nil }
        return bytes.withUnsafeBytes { buffer -> Value? in
            let end = buffer.count - 8
            let checksum = buffer.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian
            var hash = StableHash()
            hash.combine(UnsafeRawBufferPointer(rebasing: buffer[..<end]))
            guard hash.value == checksum else { return nil }
            var reader = Reader(buffer, offset: magic.count)
            guard reader.number() == UInt64(version), reader.number() == key, let value = records(&reader), reader.isAtEnd
            else { return nil }
            return value
        }
    }

    /// The checksum a file's bytes end with (``Writer/checksum``); 0 for bytes too short to hold one.
    static func checksum(of bytes: [UInt8]) -> UInt64 {
        guard bytes.count >= 8 else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self).littleEndian }
    }

    /// The record at `range` of a file ``read(_:magic:version:key:_:)`` found whole, as `record`
    /// reads it; nil unless it reads the range to its end.
    static func record<Value>(in bytes: [UInt8], range: Range<Int>, _ record: (inout Reader) -> Value?) -> Value? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count - 8 else { return nil }
        return bytes.withUnsafeBytes { buffer -> Value? in
            var reader = Reader(buffer, offset: range.lowerBound, end: range.upperBound)
            guard let value = record(&reader), reader.isAtEnd else { return nil }
            return value
        }
    }

    /// The file's bytes, or nil when there is none to read (a missing file is no cache: everything is made).
    static func load(_ path: String) -> [UInt8]? {
        do throws(FileIOError) { return try FileIO.read(path) } catch { return nil }
    }

    /// Writes the file atomically, best effort: a file that cannot be written is read as missing next
    /// time, and the next build makes everything.
    static func save(_ bytes: [UInt8], to path: String) {
        save(to: path) { write in write(bytes) }
    }

    /// Writes the parts `produce` hands to its argument (see ``Writer/part(over:)``), as ``save(_:to:)``.
    /// - Returns: whether the file was written (else it is removed).
    @discardableResult
    static func save(to path: String, produce: (_ write: ([UInt8]) -> Void) -> Void) -> Bool {
        do throws(FileIOError) {
            try FileIO.makeDirectories(Paths.parent(of: path))
            try FileIO.writeAtomically(to: path, produce: produce)
            return true
        } catch {
            FileIO.remove(path)
            return false
        }
    }

    /// The parts `produce` hands out, joined (a whole file, for tests and small files).
    static func joined(_ produce: (_ write: ([UInt8]) -> Void) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        produce { bytes += $0 }
        return bytes
    }
}
