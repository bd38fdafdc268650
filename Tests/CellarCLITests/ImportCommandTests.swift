@testable import CellarCLI
import Foundation
import Testing

/// `cellar import`: its usage, what it prints, its exit statuses.
@Suite struct ImportCommandTests {
    /// The Jekyll fixture of the importer's tests, copied into `folder/blog`.
    private func folderWithJekyllSite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellarImportTests/Fixtures/jekyll-blog").path
        try FileManager.default.copyItem(atPath: fixture, toPath: folder.path + "/blog")
        return folder
    }

    private func run(_ arguments: [String], in folder: TemporaryFolder) async -> (CellarCLI.ExitStatus, CapturingTerminal) {
        let capture = CapturingTerminal()
        let status = await CLI(arguments: arguments, terminal: capture.terminal, workingDirectory: folder.path).run()
        return (status, capture)
    }

    @Test(arguments: [
        (["import"], "cellar import: say which generator the site is made with: hugo or jekyll"),
        (["import", "gatsby", "a", "b"], "cellar import: cellar imports sites of hugo or jekyll, not 'gatsby'"),
        (["import", "hugo", "a"], "cellar import: name the site to import and the new site's folder: cellar import hugo SRC DEST"),
        (["import", "jekyll", "a", "b", "--keep-field"], "cellar import: unknown option '--keep-field'; did you mean '--keep-fields'?"),
    ])
    func usageMistakesExitTwoWithTheUsage(_ arguments: [String], _ message: String) async throws {
        let (status, capture) = await run(arguments, in: try TemporaryFolder())
        #expect(status == .usage)
        #expect(capture.err.hasPrefix(message + "\n\nUsage: cellar import hugo|jekyll SRC DEST"))
    }

    @Test func anImportPrintsItsProblemsCountsAndWhatToDoNext() async throws {
        let folder = try folderWithJekyllSite()
        let (status, capture) = await run(["import", "jekyll", "blog", "new"], in: folder)
        #expect(status == .success)
        #expect(capture.out.hasPrefix("Imported the Jekyll site into new/:\n      11  posts\n       2  of them drafts\n       2  pages\n"))
        #expect(capture.out.contains("\n  dropped fields: author (9), layout (9); --keep-fields keeps them\ncellar check: 0 errors, 0 warnings\n"))
        #expect(capture.out.hasSuffix("3 problems, 17 other notes (--verbose prints them); the full report is new/import-report.json\n"
                                      + "Next: cd new && cellar check && cellar build\n"))
        #expect(capture.err.contains("""
            blog/_posts/2023-01-02-links.md:8:1: warning: the Liquid tag {% include note.html text="A reminder" %} is left as written
             8 | {% include note.html text="A reminder" %}
               | ^
              hint: Cellar has no Liquid; replace it with what it produced
            """))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/new/import-report.json"))
    }

    @Test func strictFailsWhenSomethingCouldNotBeImported() async throws {
        let folder = try folderWithJekyllSite()
        let (status, _) = await run(["import", "jekyll", "blog", "new", "--strict"], in: folder)
        #expect(status == .failure)
    }

    @Test func anExistingDestinationIsAnErrorAndNothingIsWritten() async throws {
        let folder = try folderWithJekyllSite()
        try FileManager.default.createDirectory(atPath: folder.path + "/new", withIntermediateDirectories: true)
        try folder.write("mine\n", to: "new/keep.txt")
        let (status, capture) = await run(["import", "jekyll", "blog", "new"], in: folder)
        #expect(status == .failure)
        #expect(capture.err == "error: new already exists\n  hint: choose a new folder, or pass --replace to replace an earlier import\n"
                + "1 error; nothing was written\n")
        #expect(try folder.read("new/keep.txt") == "mine\n")
    }
}
