import Foundation
import Testing

/// What `cellar` prints never carries what it must not: the contents of a file outside the site
/// (a symlink in a pull request could print a CI secret into the log), or control characters
/// that would drive the terminal.
@Suite struct NothingLeaksTests {
    @Test(arguments: ["build", "check"])
    func aSymlinkOutOfTheSiteNeverPrintsWhatItLeadsTo(_ command: String) async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        let secrets = folder.path + "/ci"
        try FileManager.default.createDirectory(atPath: secrets, withIntermediateDirectories: false)
        try folder.write("AWS_SECRET_ACCESS_KEY=abc123SECRET\n", to: "ci/credentials")
        try FileManager.default.createSymbolicLink(atPath: site + "/content/posts/leak.md", withDestinationPath: secrets + "/credentials")
        let run = await Run.cellar([command, "--site", site], in: folder.path)
        #expect(run.status == .failure)
        #expect(run.err.contains("error: the symlink "), "\(run.err)")
        #expect(!run.err.contains("abc123SECRET"), "\(run.err)")
        #expect(!run.out.contains("abc123SECRET"))
    }

    @Test func controlCharactersInADiagnosticAreSpelledOut() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        // A field name with an ESC from a YAML escape (in the message), and a body line with raw ones
        // (echoed under the broken link `cellar check` reports on it).
        try folder.write("---\ntitle: Bell\ndate: 2024-01-01\n\"x\\e[2J\": 1\n---\nSee \u{1B}[31mthis\u{07} [page](/missing/).\n",
                         to: "site/content/posts/bell.md")
        let build = await Run.cellar(["build", "--site", site], in: folder.path)
        try folder.write("---\ntitle: Bell\ndate: 2024-01-01\n---\nSee \u{1B}[31mthis\u{07} [page](/missing/).\n",
                         to: "site/content/posts/bell.md")
        let check = await Run.cellar(["check", "--site", site], in: folder.path)
        for run in [build, check] {
            #expect(run.status == .failure)
            #expect(!run.err.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                    "\(run.err.debugDescription)")
        }
        #expect(build.err.contains("unknown field 'x\\u{1B}[2J'"), "\(build.err)")
        #expect(check.err.contains("See \\u{1B}[31mthis\\u{07} [page](/missing/)."), "\(check.err)")
        // The caret still points at the link's target, counting each spelled-out character as printed.
        let lines = check.err.split(separator: "\n").map(String.init)
        if let echoed = lines.firstIndex(where: { $0.contains("See \\u{1B}") }), echoed + 1 < lines.count {
            let caret = lines[echoed + 1].firstIndex(of: "^").map { lines[echoed + 1].distance(from: lines[echoed + 1].startIndex, to: $0) }
            let link = lines[echoed].firstRange(of: "/missing/").map { lines[echoed].distance(from: lines[echoed].startIndex, to: $0.lowerBound) }
            #expect(caret != nil && caret == link, "\(check.err)")
        }
    }
}
