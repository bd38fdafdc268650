/// What one output tree holds, as the build that finished it left it: for each file a fingerprint
/// of its bytes (or, for copied files, of their source), its size, modification time and inode; for
/// each folder its modification time. A build writes only what changed, hard-links what did not,
/// and notices files and folders someone changed by hand (their times or inodes differ).
struct OutputManifest: Sendable {
    struct Entry: Sendable, Hashable {
        var fingerprint: UInt64
        var size: Int
        var modified: Int64
        var inode: UInt64
    }

    /// The output folder the tree was built for.
    var outputPath: String
    /// The tree's identity when it was finished (its marker's; see ``OutputMarker``).
    var tree: TreeID?
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
        guard let bytes = try? FileIO.read(file(for: tree, cache: cache)),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header), lines.popFirst() == Substring(outputPath),
              lines.popFirst() == Substring(tree.fileName) else { return nil }
        var manifest = OutputManifest(outputPath: outputPath, tree: tree)
        manifest.entries.reserveCapacity(lines.count)
        for line in lines {
            if line.hasPrefix("d\t") {
                let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, let modified = Int64(fields[1]) else { return nil }
                manifest.folders[String(fields[2])] = modified
                continue
            }
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let fingerprint = UInt64(fields[0], radix: 16), let size = Int(fields[1]),
                  let modified = Int64(fields[2]), let inode = UInt64(fields[3]) else { return nil }
            manifest.entries[String(fields[4])] = Entry(fingerprint: fingerprint, size: size, modified: modified, inode: inode)
        }
        return manifest
    }

    /// Keeps the manifest in the cache under its tree's name (written to a temporary file, then renamed).
    func save(cache: String, step: () -> Void = {}) throws(FileIOError) {
        guard let tree else { return }
        // Bytes appended in place: a site of 100,000 pages has as many lines. They are in no
        // particular order (a reader files them by path): sorting them cost a big site's commit a
        // sixth of a second on one core.
        var text: [UInt8] = []
        text.reserveCapacity(entries.count * 80 + folders.count * 48 + 256)
        text += (Self.header + "\n" + outputPath + "\n" + tree.fileName + "\n").utf8
        for (path, entry) in entries {
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
        for (path, modified) in folders {
            text += "d\t".utf8
            Self.append(UInt64(bitPattern: modified), signed: true, to: &text)
            text.append(0x09)
            text += path.utf8
            text.append(0x0A)
        }
        let file = Self.file(for: tree, cache: cache)
        try FileIO.makeDirectories(Paths.parent(of: file))
        step()
        try FileIO.writeAtomically(text, to: file)
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
