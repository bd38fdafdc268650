@testable import CellarEngine
import CellarFiles
import CellarSiteTestSupport
import Foundation
import Testing

/// The pages' fingerprints `cellar build` keeps for the next process (`.cellar-cache/pages.bin`):
/// a file that is missing, damaged, of another format, written by another program or for another
/// output tree means every page is rendered, never a page kept that the inputs no longer give.
@Suite struct KeptPagesTests {
    static let sample = KeptPages(tree: "1234-5678", fingerprints: ["index.html": 1, "posts/a/index.html": 0xFFFF_FFFF_FFFF_FFFF,
                                                                     "tags/café/index.html": 42])

    // MARK: - The file

    @Test func theFileReadsBackWhatWasWrittenAndTheSamePagesGiveTheSameBytes() {
        let bytes = Self.sample.encoded(key: 7)
        #expect(KeptPages.decode(bytes, key: 7) == Self.sample)
        var shuffled = KeptPages(tree: Self.sample.tree, fingerprints: [:])
        for (path, value) in Self.sample.fingerprints.reversed() { shuffled.fingerprints[path] = value }
        #expect(shuffled.encoded(key: 7) == bytes)
        #expect(KeptPages.decode(KeptPages(tree: "t", fingerprints: [:]).encoded(key: 1), key: 1)?.fingerprints.isEmpty == true)
    }

    /// The records encoded while the output is committed, ended with the tree after the swap, are
    /// the whole file; a file of the first format (its tree first) reads as nothing kept.
    @Test func recordsEndedWithTheTreeAreTheFileAndTheFirstFormatIsNotRead() {
        let records = KeptPages.records(Self.sample.fingerprints, key: 7)
        #expect(KeptPages.finished(records, tree: Self.sample.tree) == Self.sample.encoded(key: 7))
        var first = KeptFile.Writer(magic: KeptPages.magic, version: 1, key: 7)
        first.append(Self.sample.tree)
        first.append(UInt64(Self.sample.fingerprints.count))
        for (path, fingerprint) in Self.sample.fingerprints.sorted(by: { $0.key < $1.key }) {
            first.append(path)
            first.append(fingerprint)
        }
        #expect(KeptPages.decode(first.finished(), key: 7) == nil)
    }

    @Test func aDamagedFileReadsAsNothingKept() {
        let bytes = Self.sample.encoded(key: 7)
        // Every byte flipped in turn, and the file cut short at every length.
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(KeptPages.decode(damaged, key: 7) == nil, "byte \(index) flipped")
        }
        for length in 0..<bytes.count {
            #expect(KeptPages.decode(Array(bytes[..<length]), key: 7) == nil, "cut at \(length)")
        }
        #expect(KeptPages.decode(Array("not a kept file at all, but long enough to be read as one".utf8), key: 7) == nil)
    }

    @Test func aFileOfAnotherProgramOrFormatVersionReadsAsNothingKept() {
        #expect(KeptPages.decode(Self.sample.encoded(key: 7), key: 8) == nil)
        // The same file under an older format version, its checksum made right.
        var older = Self.sample.encoded(key: 7)
        older.removeLast(8)
        older.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(KeptPages.formatVersion - 1).littleEndian, toByteOffset: KeptPages.magic.count, as: UInt64.self) }
        withUnsafeBytes(of: StableHash.of(bytes: older).littleEndian) { older.append(contentsOf: $0) }
        #expect(KeptPages.decode(older, key: 7) == nil)
    }

    @Test func theProgramKeyNamesTheOutputFolder() throws {
        let one = try #require(KeptPages.programKey(output: "/site/public"))
        #expect(KeptPages.programKey(output: "/site/public") == one)
        #expect(KeptPages.programKey(output: "/site/www") != one)
    }

    // MARK: - Builds in new processes

    /// A site built once by `cellar build`, and a mirror of it for builds from nothing.
    struct Sites {
        let site: TemporarySite
        let mirror: TemporarySite
        /// How many pages the first build rendered: all of them.
        var everything = 0
        var kept: String { site.root + "/.cellar-cache/pages.bin" }

        init() async throws {
            site = try TemporarySite(files: OracleSite.files(), theme: .repository)
            mirror = try TemporarySite(files: OracleSite.files(), theme: .repository)
            everything = try await build().pagesRendered
        }

        /// `cellar build` in a new process.
        func build() async throws -> BuildReport {
            try await SiteBuilder(options: site.options()).build()
        }

        func edit(_ files: [String: String]) throws {
            try site.write(files)
            try mirror.write(files)
        }

        /// `cellar build --clean` in a new process: everything made again, nothing kept believed.
        func buildFromNothing() async throws -> BuildReport {
            var options = site.options()
            options.clean = true
            return try await SiteBuilder(options: options).build()
        }

        /// The ways the damage tests break a kept file: its first line followed by nonsense, cut in half, gone.
        enum Damage: CaseIterable { case garbage, truncated, missing }
        static let damages = Damage.allCases

        /// Breaks the kept file at `path` as `damage` says (`magic`: its first line, which garbage keeps).
        static func damage(_ path: String, _ damage: Damage, magic: String) throws {
            switch damage {
            case .garbage: try Data("\(magic)\nnonsense".utf8).write(to: URL(fileURLWithPath: path))
            case .truncated:
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            case .missing: try FileManager.default.removeItem(atPath: path)
            }
        }

        /// Whether the site's output is what a build from nothing of the mirror writes.
        func matchesAFreshBuild() async throws -> Bool {
            var options = mirror.options()
            options.clean = true
            _ = try await SiteBuilder(options: options).build()
            return site.snapshot() == mirror.snapshot()
        }
    }

    @Test func aNewProcessRendersOnlyThePagesAnEditReaches() async throws {
        let sites = try await Sites()
        #expect(FileManager.default.fileExists(atPath: sites.kept))
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Other words.\n")])
        let report = try await sites.build()
        #expect(report.pagesRendered > 0 && report.pagesRendered <= 9, "rendered \(report.pagesRendered) of \(report.pages)")
        #expect(try await sites.matchesAFreshBuild())
    }

    @Test func aDamagedOrMissingFileMeansEveryPageIsRendered() async throws {
        let sites = try await Sites()
        let everything = sites.everything
        #expect(everything > 20)
        for damage in Sites.damages {
            try Sites.damage(sites.kept, damage, magic: "cellar-pages")
            try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Words \(damage).\n")])
            let report = try await sites.build()
            #expect(report.pagesRendered == everything, "\(damage): rendered \(report.pagesRendered) of \(everything)")
            #expect(try await sites.matchesAFreshBuild(), "\(damage)")
        }
    }

    /// A kept file that describes an older output tree (as when a build is killed between its swap
    /// and writing the file): its fingerprints are those of pages the output no longer holds.
    @Test func aFileOfAnOlderOutputTreeIsNotBelieved() async throws {
        let sites = try await Sites()
        let original = OracleSite.post(3)
        let older = try Data(contentsOf: URL(fileURLWithPath: sites.kept))
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, title: "Renamed post")])
        _ = try await sites.build()
        // Back to the first build's words, with the first build's file: post 3's fingerprint is the
        // one that file holds, but the output holds the renamed page.
        try older.write(to: URL(fileURLWithPath: sites.kept))
        try sites.edit(["content/posts/post-3.md": original])
        let report = try await sites.build()
        #expect(report.pagesRendered == sites.everything, "rendered \(report.pagesRendered) of \(sites.everything)")
        #expect(try await sites.matchesAFreshBuild())
        #expect(sites.site.output("posts/post-3/index.html")?.contains("Renamed post") == false)
    }

    /// A page changed in the output by hand is written again, though its inputs did not change.
    @Test func aPageChangedByHandInTheOutputIsRenderedAgain() async throws {
        let sites = try await Sites()
        let page = sites.site.root + "/public/posts/post-5/index.html"
        try Data("changed by hand".utf8).write(to: URL(fileURLWithPath: page))
        try sites.edit(["content/notes/note-2.md": OracleSite.note(2, body: "Elsewhere.\n")])
        _ = try await sites.build()
        #expect(try await sites.matchesAFreshBuild())
        #expect(sites.site.output("posts/post-5/index.html")?.contains("changed by hand") == false)
    }
}
