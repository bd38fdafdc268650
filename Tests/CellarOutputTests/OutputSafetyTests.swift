@testable import CellarEngine
@testable import CellarOutput
import CellarSiteTestSupport
import Foundation
import Testing

/// A failed build never loses the previous site, and Cellar replaces only folders it wrote.
@Suite struct OutputSafetyTests {
    private let good: [String: String] = [
        "content/_index.md": Fixture.site,
        "content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
        "content/reviews/dune.md": "---\ntitle: Dune\nrating: 9\n---\nSand.\n",
    ]

    @Test(arguments: [
        "---\ntitle: Dune\nrating: ten\n---\n",
        "---\ntitle: Dune\nrating: 9\n",
        "---\ntitle: [unclosed\nrating: 9\n---\n",
        "---\ntitle: Dune\nratng: 9\nrating: 9\n---\n",
    ])
    func brokenContentLeavesOutputByteForByte(_ broken: String) async throws {
        let site = try TemporarySite(files: good)
        try await site.build()
        let before = site.snapshot()
        #expect(before["reviews/dune/index.html"] != nil)
        try site.write(["content/reviews/dune.md": broken])
        await #expect(throws: BuildFailure.self) { try await site.build() }
        #expect(site.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root).sorted() == ["content", "public", "themes", ".cellar-cache"].sorted())
    }

    @Test func refusesToReplaceAFolderCellarDidNotWrite() async throws {
        let site = try TemporarySite(files: good.merging(["public/notes.txt": "mine"]) { $1 })
        let failures = await site.failures()
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("error: refusing to replace public/") == true || failures.first?.contains("refusing to replace") == true)
        #expect(site.output("notes.txt") == "mine")
    }

    @Test func keepsHiddenFilesOfTheOutputFolder() async throws {
        let site = try TemporarySite(files: good)
        try await site.build()
        try site.write(["public/.gitignore": "*\n", "public/.git/HEAD": "ref: refs/heads/pages\n"])
        let before = try FileManager.default.attributesOfItem(atPath: site.root + "/public/.git/HEAD")[.systemFileNumber] as? Int
        try site.write(["content/reviews/dune.md": "---\ntitle: Dune 1\nrating: 8\n---\n"])
        try await site.build()
        #expect(site.output(".gitignore") == "*\n")
        #expect(site.output(".git/HEAD") == "ref: refs/heads/pages\n")
        // The very same file, hard-linked across: not a copy.
        #expect(try FileManager.default.attributesOfItem(atPath: site.root + "/public/.git/HEAD")[.systemFileNumber] as? Int == before)
        try site.write(["content/reviews/dune.md": "---\ntitle: Dune 2\nrating: 8\n---\n"])
        try await site.build()
        #expect(site.output(".gitignore") == "*\n")
        #expect(site.output("reviews/dune/index.html")?.contains("Dune 2") == true)
    }

    @Test func aSecondBuildWithNothingChangedWritesNothing() async throws {
        let site = try TemporarySite(files: good)
        let first = try await site.build()
        #expect(first.written > 0)
        let second = try await site.build()
        #expect(second.written == 0)
        #expect(second.removed == 0)
        try site.write(["content/reviews/dune.md": "---\ntitle: Dune\nrating: 8\n---\nSand.\n"])
        let third = try await site.build()
        #expect(third.written >= 1 && third.written < first.written)
    }

    @Test func staleFilesAreRemoved() async throws {
        let site = try TemporarySite(files: good.merging(["content/reviews/arrival.md": "---\ntitle: Arrival\nrating: 8\n---\n"]) { $1 })
        try await site.build()
        #expect(site.output("reviews/arrival/index.html") != nil)
        try site.remove("content/reviews/arrival.md")
        let report = try await site.build()
        #expect(report.removed >= 1)
        #expect(site.output("reviews/arrival/index.html") == nil)
    }
}
