import CellarFiles
import CellarOutput

/// Each page's input fingerprint (``Page/fingerprint(global:current:revision:)``) as the last `cellar build`
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
    static let formatVersion: UInt32 = 2
    static let magic = Array("cellar-pages\n".utf8)

    /// The output tree the pages were written to (``TreeID/fileName``).
    var tree: String
    /// Output file (relative) → fingerprint of what it was rendered from.
    var fingerprints: [String: UInt64]

    static func file(in cache: String) -> String { Paths.join(cache, "pages.bin") }

    /// What else a page's bytes depend on, beyond what its fingerprint hashes: the program
    /// (``KeptFile/programKey``) and the output folder. Nil when the binary cannot be known: then
    /// nothing is kept between processes.
    static func programKey(output: String) -> UInt64? {
        KeptFile.key(version: formatVersion) { $0.combine(output) }
    }

    /// The fingerprints to trust for an output whose tree is `tree` (none for any other tree).
    func fingerprints(for tree: TreeID?) -> [String: UInt64] {
        tree?.fileName == self.tree ? fingerprints : [:]
    }

    // MARK: - Reading and writing

    /// Reads the cache's file; nil when missing, damaged, of another format or written by another program.
    static func load(cache: String, key: UInt64) -> KeptPages? {
        KeptFile.load(file(in: cache)).flatMap { decode($0, key: key) }
    }

    /// Removes the cache's file (a build that keeps none leaves no stale one behind).
    static func remove(cache: String) {
        FileIO.remove(file(in: cache))
    }

    /// The file (see ``KeptFile``): the entries sorted by path (the same pages give the same
    /// bytes), then the tree.
    func encoded(key: UInt64) -> [UInt8] {
        Self.finished(Self.records(fingerprints, key: key), tree: tree)
    }

    /// The file up to its tree: what a build encodes while its output is committed, before the
    /// tree it swaps in is known (``finished(_:tree:)`` ends it).
    static func records(_ fingerprints: [String: UInt64], key: UInt64) -> KeptFile.Writer {
        var file = KeptFile.Writer(magic: magic, version: formatVersion, key: key, capacity: fingerprints.count * 48)
        file.append(UInt64(fingerprints.count))
        for (path, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
            file.append(path)
            file.append(fingerprint)
        }
        return file
    }

    /// The whole file: `records` (``records(_:key:)``), then the tree they were written to.
    static func finished(_ records: KeptFile.Writer, tree: String) -> [UInt8] {
        var file = records
        file.append(tree)
        return file.finished()
    }

    /// Writes `records` ended with `tree` atomically (best effort: see ``KeptFile/save(_:to:)``).
    static func save(_ records: KeptFile.Writer, tree: String, cache: String) {
        KeptFile.save(finished(records, tree: tree), to: file(in: cache))
    }

    /// The file in `bytes`; nil unless it is whole, of this format and written under `key`.
    static func decode(_ bytes: [UInt8], key: UInt64) -> KeptPages? {
        KeptFile.read(bytes, magic: magic, version: formatVersion, key: key) { file -> KeptPages? in
            guard let count = file.count(ofRecordsAtLeast: 16) else { return nil }
            var fingerprints: [String: UInt64] = [:]
            fingerprints.reserveCapacity(count)
            for _ in 0..<count {
                guard let path = file.text(), let fingerprint = file.number() else { return nil }
                fingerprints[path] = fingerprint
            }
            guard let tree = file.text() else { return nil }
            return KeptPages(tree: tree, fingerprints: fingerprints)
        }
    }
}
