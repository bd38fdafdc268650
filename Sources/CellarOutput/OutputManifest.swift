import CellarFiles
/// What one output tree holds, as the build that finished it left it: for each file a fingerprint
/// of its bytes (or, for copied files, of their source), its size, modification time and inode; for
/// each folder its modification time. A build writes only what changed, hard-links what did not,
/// and notices files and folders someone changed by hand (their times or inodes differ).
package struct OutputManifest: Sendable {
    struct Entry: Sendable, Hashable {
        var fingerprint: UInt64
        var size: Int
        var modified: Int64
        var inode: UInt64
    }

    /// The output folder the tree was built for.
    var outputPath: String
    /// The tree's identity when it was finished (its marker's; see ``OutputMarker``).
    package var tree: TreeID?
    var entries: [String: Entry] = [:]
    /// Folder (relative; not the root) → modification time when the tree was finished.
    var folders: [String: Int64] = [:]

    static let header = "cellar-manifest 2"

    init(outputPath: String, tree: TreeID? = nil, entries: [String: Entry] = [:], folders: [String: Int64] = [:]) {
        self.outputPath = outputPath
        self.tree = tree
        self.entries = entries
        self.folders = folders
    }

    /// The file of the cache that keeps the manifest of `tree`.
    static func file(for tree: TreeID, cache: String) -> String {
        Paths.join(cache, "trees", tree.fileName)
    }

    /// Reads the manifest of `tree`; nil when missing, damaged, or written for another tree or output.
    static func load(_ tree: TreeID, cache: String, outputPath: String) -> OutputManifest? {
        guard let bytes = try? FileIO.read(file(for: tree, cache: cache)) else { return nil }
        return bytes.withUnsafeBufferPointer { parse($0, tree: tree, outputPath: outputPath) }
    }

    /// The manifest in `bytes`, read as bytes (a big site's has 200,000 lines: split into strings
    /// and substrings first, they took most of a second).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, tree: TreeID, outputPath: String) -> OutputManifest? {
        var reader = LineReader(bytes: bytes)
        for expected in [header, outputPath, tree.fileName] {
            guard let line = reader.next(), bytes[line].elementsEqual(expected.utf8) else { return nil }
        }
        var manifest = OutputManifest(outputPath: outputPath, tree: tree)
        manifest.entries.reserveCapacity(bytes.count / 64)
        while let line = reader.next() {
            var fields = FieldReader(bytes: bytes, range: line)
            if bytes[line.lowerBound] == UInt8(ascii: "d"), line.count > 1, bytes[line.lowerBound + 1] == 0x09 {
                _ = fields.next()
                guard let modified = fields.next().flatMap({ signed(bytes[$0]) }), let path = fields.rest().flatMap({ text(bytes, $0) })
                else { return nil }
                manifest.folders[path] = modified
                continue
            }
            guard let fingerprint = fields.next().flatMap({ unsigned(bytes[$0], radix: 16) }),
                  let size = fields.next().flatMap({ signed(bytes[$0]) }),
                  let modified = fields.next().flatMap({ signed(bytes[$0]) }),
                  let inode = fields.next().flatMap({ unsigned(bytes[$0], radix: 10) }),
                  let path = fields.rest().flatMap({ text(bytes, $0) }) else { return nil }
            manifest.entries[path] = Entry(fingerprint: fingerprint, size: Int(size), modified: modified, inode: inode)
        }
        return manifest
    }

    /// The non-empty lines of a buffer, one after another.
    private struct LineReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func next() -> Range<Int>? {
            while index < bytes.count {
                let start = index
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                index = end + 1
                if end > start { return start..<end }
            }
            return nil
        }
    }

    /// The tab-separated fields of a line; ``rest()`` is all that follows the last field read.
    private struct FieldReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var range: Range<Int>

        mutating func next() -> Range<Int>? {
            guard let tab = bytes[range].firstIndex(of: 0x09) else { return nil }
            defer { range = tab + 1..<range.upperBound }
            return range.lowerBound..<tab
        }

        func rest() -> Range<Int>? { range }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Digits in `radix` (lower-case letters for hexadecimal), as ``append(_:radix:signed:to:)`` writes them.
    private static func unsigned(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66 where radix == 16: digit = UInt64(byte - 0x61 + 10)
            default: return nil
            }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    private static func signed(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        if digits.first == 0x2D {
            guard let magnitude = unsigned(digits.dropFirst(), radix: 10), magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(bitPattern: 0 &- magnitude)
        }
        guard let magnitude = unsigned(digits, radix: 10), magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// Keeps the manifest in the cache under its tree's name (written to a temporary file, then renamed).
    func save(cache: String, step: () -> Void = {}) throws(FileIOError) {
        guard let tree else { return }
        // Bytes appended in place: a site of 100,000 pages has as many lines. They are in no
        // particular order (a reader files them by path): sorting them cost a big site's commit a
        // sixth of a second on one core. Runs of lines are made on every core and written one
        // after another, never joined: the build's memory peaks here, with the whole site still held.
        var parts = [Array((Self.header + "\n" + outputPath + "\n" + tree.fileName + "\n").utf8)]
        // At most 16 hex digits, two signed and one unsigned 64-bit number, four tabs and a newline besides the path.
        parts += Self.inRuns(Array(entries), lineBytes: 16 + 20 + 20 + 20 + 5) { path, entry, text in
            Self.append(entry.fingerprint, radix: 16, to: &text)
            text.append(0x09)
            Self.append(UInt64(bitPattern: Int64(entry.size)), signed: true, to: &text)
            text.append(0x09)
            Self.append(UInt64(bitPattern: entry.modified), signed: true, to: &text)
            text.append(0x09)
            Self.append(entry.inode, to: &text)
            text.append(0x09)
            text += path.utf8
            text.append(0x0A)
        }
        parts += Self.inRuns(Array(folders), lineBytes: 2 + 20 + 2) { path, modified, text in
            text += "d\t".utf8
            Self.append(UInt64(bitPattern: modified), signed: true, to: &text)
            text.append(0x09)
            text += path.utf8
            text.append(0x0A)
        }
        let file = Self.file(for: tree, cache: cache)
        try FileIO.makeDirectories(Paths.parent(of: file))
        step()
        try FileIO.writeAtomically(parts: parts, to: file)
    }

    /// The lines of `pairs`, made by `line`, in runs of many lines each made on whichever core is free.
    /// - Parameter lineBytes: the most a line takes besides its key: each run is made in room reserved
    ///   once (grown as it filled, a run held up to twice its bytes).
    private static func inRuns<Value: Sendable>(
        _ pairs: [(key: String, value: Value)], lineBytes: Int, _ line: @Sendable (String, Value, inout [UInt8]) -> Void
    ) -> [[UInt8]] {
        let run = 16_384
        let starts = Array(stride(from: 0, to: pairs.count, by: run))
        return concurrentMap(starts, chunk: 1) { start in
            let lines = pairs[start..<min(start + run, pairs.count)]
            var text: [UInt8] = []
            text.reserveCapacity(lines.reduce(0) { $0 + $1.key.utf8.count + lineBytes })
            for (key, value) in lines { line(key, value, &text) }
            return text
        }
    }

    /// Appends `value` in `radix` (as a signed number when `signed`), as `String(value, radix:)` writes it.
    private static func append(_ value: UInt64, radix: UInt64 = 10, signed: Bool = false, to text: inout [UInt8]) {
        var magnitude = value
        if signed, Int64(bitPattern: value) < 0 {
            text.append(0x2D)
            magnitude = 0 &- value   // two's complement: the magnitude, Int64.min included
        }
        let start = text.count
        repeat {
            let digit = UInt8(magnitude % radix)
            text.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
            magnitude /= radix
        } while magnitude > 0
        text[start...].reverse()
    }

    /// Removes from the cache every kept manifest but those of `trees`, and temporary files that
    /// interrupted writes left (their names end in `.cellar-tmp-PID`).
    static func removeAll(except trees: Set<TreeID>, cache: String) {
        let folder = Paths.join(cache, "trees")
        let keep = Set(trees.map(\.fileName))
        for entry in (try? FileIO.list(folder)) ?? [] where !keep.contains(entry.name) {
            FileIO.remove(Paths.join(folder, entry.name))
        }
    }
}
