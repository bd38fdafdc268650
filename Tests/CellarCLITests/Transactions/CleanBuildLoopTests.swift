import Foundation
import Testing

/// The sequence that crashed `cellar build --clean` (issue 35, point 0), as a loop with the kill at
/// a chosen step rather than a timed one: `build --clean`; change the site's title (every page
/// changes); a `build` killed with SIGKILL before step N; `build`; restore the title; and again,
/// with N early, mid-way and late. Every build that is not killed ends with status 0 — never a
/// signal — on exactly the site a build from nothing writes; a killed one leaves the old site or
/// the new one.
///
/// The crash itself was a read past the end of a folder entry in the content scan, which faults
/// only when that entry ends right before memory that cannot be read: `DirectoryEntryTests` puts
/// one there on purpose. This loop keeps the whole path exercised on a content folder with enough
/// entries to fill the system's directory buffer several times over.
@Suite(.serialized, .enabled(if: CellarProcess.executable != nil, "needs the cellar executable beside the tests"))
struct CleanBuildLoopTests {
    static let posts = 400
    static let titles = ("Loop site", "Loop site, retitled")

    @Test func cleanBuildsBetweenKilledBuildsNeverCrashAndEndOnTheNewSite() async throws {
        let expected = [try await Self.builtFromNothing(title: Self.titles.0), try await Self.builtFromNothing(title: Self.titles.1)]
        let folder = try TemporaryFolder()
        let site = try await Self.makeSite(in: folder.path, title: Self.titles.0)
        var kills = 0
        // Steps early in the spare (folders made), mid-way (pages written), late (the commit), and
        // one past the end (the build finishes).
        for (round, step) in [2, 120, 350, 550, 1_000_000].enumerated() {
            let clean = try await CellarProcess.run(["build", "--site", site, "--quiet", "--clean"])
            #expect(!clean.signalled && clean.status == 0, "round \(round): build --clean ended with \(clean.status): \(clean.err)")
            #expect(FolderSnapshot.take(site + "/public") == expected[0], "round \(round): after build --clean")

            try Self.setTitle(Self.titles.1, in: site)
            let killed = try await CellarProcess.run(["build", "--site", site, "--quiet"], environment: ["CELLAR_TEST_FAULT": "kill-at=\(step)"])
            if killed.signalled {
                kills += 1
                #expect(killed.status == SIGKILL, "round \(round): the killed build ended with signal \(killed.status)")
                let output = FolderSnapshot.take(site + "/public")
                #expect(output == expected[0] || output == expected[1], "round \(round): killed before step \(step), public/ is neither site")
            } else {
                #expect(killed.status == 0, "round \(round): \(killed.err)")
            }
            let next = try await CellarProcess.run(["build", "--site", site, "--quiet"])
            #expect(!next.signalled && next.status == 0, "round \(round): the build after the kill ended with \(next.status): \(next.err)")
            #expect(FolderSnapshot.take(site + "/public") == expected[1], "round \(round): the build after the kill is not on the new site")
            try Self.setTitle(Self.titles.0, in: site)
        }
        #expect(kills >= 3, "only \(kills) builds were killed: the steps no longer reach into the build")
    }

    // MARK: - Helpers

    /// A new site with `posts` posts (long names, so the folder's entries fill many buffers).
    static func makeSite(in folder: String, title: String) async throws -> String {
        let site = folder + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder).status == .success)
        for index in 0..<posts {
            let name = "a-post-with-a-rather-long-name-to-fill-the-folder-\(String(repeating: "x", count: index % 60))-\(index).md"
            let text = "---\ntitle: \"Post \(index)\"\ndate: 2024-01-\(String(format: "%02d", index % 28 + 1))\ntags: [t\(index % 7)]\n---\nBody \(index).\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: site + "/content/posts/" + name))
        }
        try setTitle(title, in: site)
        return site
    }

    static func setTitle(_ title: String, in site: String) throws {
        let path = site + "/content/_index.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("title:") ? "title: \"\(title)\"" : String(line)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// What a first build writes for the site with `title`.
    static func builtFromNothing(title: String) async throws -> [String: Data]? {
        let folder = try TemporaryFolder()
        let site = try await makeSite(in: folder.path, title: title)
        let built = try await CellarProcess.run(["build", "--site", site, "--quiet"])
        #expect(built.status == 0, "\(built.err)")
        return FolderSnapshot.take(site + "/public")
    }
}
