import CellarDiagnostics
import CellarFiles
import CellarOutput
import Foundation

/// What `cellar build` keeps of its last successful build for the next one, in
/// `.cellar-cache/last-build.txt`: the ``InputSnapshot`` it was built from and its outcome. When
/// the next build's snapshot shows no change, the output is still the tree it finished and no
/// scheduled date has come, the site is up to date without reading a single file.
///
/// A missing, damaged or older file is no last build: the next build is a full one.
struct LastBuild: Sendable {
    struct Outcome: Codable, Sendable {
        var items: Int
        var pages: Int
        /// The output tree the build finished (its marker's identity): the site is up to date only
        /// while the output is that tree.
        var output: TreeID
        var nextScheduledChange: Date?
        var diagnostics: [Diagnostic]
    }

    var inputs: InputSnapshot
    var outcome: Outcome

    static let header = "cellar-last-build 1"

    static func fileName(in layout: SiteLayout) -> String { Paths.join(layout.cache, "last-build.txt") }

    /// The file's bytes: the header; the snapshot's settings, fingerprint and number of entries; the
    /// outcome as one line of JSON; then the snapshot's lines.
    func bytes() throws -> [UInt8] {
        try parts().reduce(into: []) { $0 += $1 }
    }

    /// ``bytes()`` in two parts, never joined: the header and outcome, then the snapshot's lines
    /// (as they are, when the snapshot holds them already: see ``InputSnapshot/stored()``).
    func parts() throws -> [[UInt8]] {
        let json = try JSONEncoder().encode(outcome)
        var head = Array((Self.header + "\n" + String(inputs.settings, radix: 16) + "\t"
                          + String(inputs.fingerprint, radix: 16) + "\t" + String(inputs.count) + "\n").utf8)
        head += json
        head.append(0x0A)
        return [head, inputs.lines()]
    }

    /// The last build read from `bytes`; its snapshot's lines are read only if they are needed.
    init?(bytes: [UInt8]) {
        var lines = bytes.split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0].elementsEqual(Self.header.utf8) else { return nil }
        if lines.count == 3 { lines.append([]) }
        let key = lines[1].split(separator: 0x09)
        guard key.count == 3, let settings = UInt64(String(decoding: key[0], as: UTF8.self), radix: 16),
              let fingerprint = UInt64(String(decoding: key[1], as: UTF8.self), radix: 16),
              let count = Int(String(decoding: key[2], as: UTF8.self)),
              let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(lines[2])) else { return nil }
        self.inputs = InputSnapshot(settings: settings, fingerprint: fingerprint, files: .lines(Array(lines[3]), count: count))
        self.outcome = outcome
    }

    init(inputs: InputSnapshot, outcome: Outcome) {
        self.inputs = inputs
        self.outcome = outcome
    }

    static func load(_ layout: SiteLayout) -> LastBuild? {
        guard let bytes = try? FileIO.read(fileName(in: layout)) else { return nil }
        return LastBuild(bytes: bytes)
    }

    /// Writes the file (atomically: a build killed while saving leaves the last one, or none).
    func save(_ layout: SiteLayout) {
        guard let parts = try? parts() else { return }
        try? FileIO.makeDirectories(layout.cache)
        try? FileIO.writeAtomically(parts: parts, to: Self.fileName(in: layout))
        FileIO.remove(Paths.join(layout.cache, "last-build.json"))   // what Cellar kept before (one hash, no paths)
    }
}
