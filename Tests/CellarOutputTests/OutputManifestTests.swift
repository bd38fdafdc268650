@testable import CellarEngine
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
}
