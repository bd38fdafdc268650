/// What the last build wrote: for each output file a fingerprint of its bytes (or, for copied
/// files, of their source), its size and its modification time — so a rebuild writes only what changed
/// and notices files someone edited by hand.
struct OutputManifest: Sendable {
    struct Entry: Sendable, Hashable {
        var fingerprint: UInt64
        var size: Int
        var modified: Int64
    }

    var outputPath: String
    var entries: [String: Entry] = [:]

    static let header = "cellar-manifest 1"

    init(outputPath: String, entries: [String: Entry] = [:]) {
        self.outputPath = outputPath
        self.entries = entries
    }

    /// Reads a manifest; nil when missing, damaged or written for another output folder.
    static func load(from file: String, outputPath: String) -> OutputManifest? {
        guard let bytes = try? FileIO.read(file), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header), lines.popFirst() == Substring(outputPath) else { return nil }
        var manifest = OutputManifest(outputPath: outputPath)
        manifest.entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let fingerprint = UInt64(fields[0], radix: 16), let size = Int(fields[1]),
                  let modified = Int64(fields[2]) else { return nil }
            manifest.entries[String(fields[3])] = Entry(fingerprint: fingerprint, size: size, modified: modified)
        }
        return manifest
    }

    func save(to file: String) throws(FileIOError) {
        var text = Self.header + "\n" + outputPath + "\n"
        text.reserveCapacity(entries.count * 64)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            text += String(entry.fingerprint, radix: 16) + "\t" + String(entry.size) + "\t" + String(entry.modified) + "\t" + path + "\n"
        }
        try FileIO.makeDirectories(Paths.parent(of: file))
        try FileIO.writeAtomically(Array(text.utf8), to: file)
    }
}
