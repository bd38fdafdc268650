import CellarFiles
import CellarOutput
import Foundation

/// Each page's input fingerprint (``Page/fingerprint(global:revision:)``) as the last `cellar build`
/// left it, kept for the next process in `.cellar-cache/pages.bin`: a page whose fingerprint is the
/// same and whose file the output still holds as written is neither rendered nor written, as in a
/// session (`cellar serve`) that keeps them in memory.
///
/// The file names the output tree it describes (its marker's identity) and the program that wrote
/// it. Anything else reads as nothing kept, and every page is rendered: another tree (a build killed
/// between its swap and this file, an output someone else replaced), another Cellar binary or C
/// library, another output folder, a file of another format version, or a damaged one.
struct KeptPages: Sendable, Equatable {
    /// Bump when the file's layout or what a fingerprint covers changes.
    static let formatVersion: UInt32 = 1
    static let magic = Array("cellar-pages\n".utf8)

    /// The output tree the pages were written to (``TreeID/fileName``).
    var tree: String
    /// Output file (relative) → fingerprint of what it was rendered from.
    var fingerprints: [String: UInt64]

    static func file(in cache: String) -> String { Paths.join(cache, "pages.bin") }

    /// What else a page's bytes depend on, beyond what its fingerprint hashes: the program itself
    /// (the binary's file: a rebuilt Cellar may render the same inputs otherwise), the C libraries it
    /// loaded, the time zone data and the output folder. Nil when the binary cannot be known: then
    /// nothing is kept between processes.
    static func programKey(output: String) -> UInt64? {
        guard let binary = binaryKey else { return nil }
        var hash = StableHash()
        hash.combine(UInt64(formatVersion))
        hash.combine(binary)
        hash.combine(CellarVersion.current)
        for library in CellarVersion.libraries {
            hash.combine(library.name)
            hash.combine(library.version)
        }
        hash.combine(ProcessInfo.processInfo.environment["TZDIR"] ?? "")
        hash.combine(output)
        return hash.value
    }

    /// The running binary's file (size, times, inode), read once.
    private static let binaryKey: UInt64? = {
        guard let status = FileIO.status("/proc/self/exe", followLinks: true), status.kind == .file else { return nil }
        var hash = StableHash()
        hash.combine(status.size)
        hash.combine(UInt64(bitPattern: status.modified))
        hash.combine(UInt64(bitPattern: status.changed))
        hash.combine(status.inode)
        hash.combine(status.device)
        return hash.value
    }()

    /// The fingerprints to trust for an output whose tree is `tree` (none for any other tree).
    func fingerprints(for tree: TreeID?) -> [String: UInt64] {
        tree?.fileName == self.tree ? fingerprints : [:]
    }

    // MARK: - Reading and writing

    /// Reads the cache's file; nil when missing, damaged, of another format or written by another program.
    static func load(cache: String, key: UInt64) -> KeptPages? {
        guard let bytes = try? FileIO.read(file(in: cache)) else { return nil }
        return decode(bytes, key: key)
    }

    /// Writes the file atomically (best effort: a file that cannot be written is read as missing
    /// next time, and the next build renders every page).
    func save(cache: String, key: UInt64) {
        try? FileIO.makeDirectories(cache)
        try? FileIO.writeAtomically(encoded(key: key), to: Self.file(in: cache))
    }

    /// Removes the cache's file (a build that keeps none leaves no stale one behind).
    static func remove(cache: String) {
        FileIO.remove(file(in: cache))
    }

    /// The magic line, the format version, the program key, the tree, the entries sorted by path
    /// (the same pages give the same bytes), then a hash of all that.
    func encoded(key: UInt64) -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(64 + fingerprints.count * 48)
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append(_ text: String) {
            append(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        append(UInt64(Self.formatVersion))
        append(key)
        append(tree)
        append(UInt64(fingerprints.count))
        for (path, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
            append(path)
            append(fingerprint)
        }
        append(StableHash.of(bytes: bytes))
        return bytes
    }

    /// The file in `bytes`; nil unless it is whole, of this format and written under `key`.
    static func decode(_ bytes: [UInt8], key: UInt64) -> KeptPages? {
        guard bytes.count >= magic.count + 8 * 5, bytes.starts(with: magic) else { return nil }
        return bytes.withUnsafeBytes { buffer -> KeptPages? in
            let end = buffer.count - 8
            let checksum = buffer.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian
            var hash = StableHash()
            hash.combine(UnsafeRawBufferPointer(rebasing: buffer[..<end]))
            guard hash.value == checksum else { return nil }
            var offset = magic.count
            func number() -> UInt64? {
                guard offset + 8 <= end else { return nil }
                defer { offset += 8 }
                return buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            }
            func text() -> String? {
                guard let count = number(), count <= UInt64(end - offset) else { return nil }
                defer { offset += Int(count) }
                return String(validating: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(count)]), as: UTF8.self)
            }
            guard number() == UInt64(formatVersion), number() == key, let tree = text(),
                  let count = number(), count <= UInt64(end - offset) / 16 else { return nil }
            var fingerprints: [String: UInt64] = [:]
            fingerprints.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let path = text(), let fingerprint = number() else { return nil }
                fingerprints[path] = fingerprint
            }
            guard offset == end else { return nil }
            return KeptPages(tree: tree, fingerprints: fingerprints)
        }
    }
}
