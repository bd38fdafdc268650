@testable import CellarEngine
import CellarFiles
@testable import CellarOutput
import CellarSiteTestSupport
import Foundation
import Testing

/// The manifest kept in the cache reads back as it was written: every number, negative times and
/// the extremes included, and paths with spaces and non-ASCII letters.
@Suite struct OutputManifestTests {
    @Test func aSavedManifestLoadsAsItWasSaved() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let tree = TreeID(inode: 2, modified: 3)
        var manifest = OutputManifest(outputPath: "/site/public", tree: tree)
        manifest.entries = [
            "index.html": .init(fingerprint: 0, size: 0, modified: 0, inode: 0),
            "notes/été à Paris/index.html": .init(fingerprint: .max, size: Int.max, modified: -1_700_000_000_123_456_789, inode: .max),
            "a b/c.txt": .init(fingerprint: 0xDEAD_BEEF, size: 12, modified: .min, inode: 42),
            "z.css": .init(fingerprint: 1, size: 9, modified: .max, inode: 7),
        ]
        manifest.folders = ["notes": -5, "notes/été à Paris": 1_700_000_000_000_000_000, "a b": .min]
        try manifest.save(cache: cache)
        let loaded = try #require(OutputManifest.load(tree, cache: cache, outputPath: "/site/public"))
        #expect(loaded.entries == manifest.entries)
        #expect(loaded.folders == manifest.folders)
        #expect(OutputManifest.load(tree, cache: cache, outputPath: "/elsewhere") == nil)
    }

    /// A manifest of more lines than one run (16,384) is written run after run, none lost or doubled.
    @Test func aManifestOfManyRunsLoadsAsItWasSaved() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let tree = TreeID(inode: 5, modified: 8)
        var manifest = OutputManifest(outputPath: "/site/public", tree: tree)
        for number in 0..<40_000 {
            manifest.entries["section-\(number % 7)/item-\(number)/index.html"] =
                .init(fingerprint: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, size: number, modified: Int64(number) - 20_000, inode: UInt64(number))
        }
        for number in 0..<17_000 { manifest.folders["section-\(number % 7)/item-\(number)"] = Int64(number) }
        try manifest.save(cache: cache)
        let loaded = try #require(OutputManifest.load(tree, cache: cache, outputPath: "/site/public"))
        #expect(loaded.entries == manifest.entries)
        #expect(loaded.folders == manifest.folders)
    }
}

/// A file written in parts holds them one after another, over whatever was there (a longer file cut).
@Suite struct WriteInPartsTests {
    @Test func partsAreWrittenInOrderAndAFormerLongerFileIsCut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/manifest"
        try FileIO.writeAtomically(Array(repeating: UInt8(ascii: "x"), count: 100), to: file)
        try FileIO.writeAtomically(parts: [Array("one\n".utf8), [], Array("two\nthree\n".utf8)], to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "one\ntwo\nthree\n")
        try FileIO.writeAtomically(parts: [], to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["manifest"])
    }
}
