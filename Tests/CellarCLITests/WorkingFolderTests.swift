@testable import CellarCLI
import CellarFiles
import Foundation
import Testing

/// Paths on the command line are read from the folder the command runs in, for every command.
@Suite struct WorkingFolderTests {
    @Test func relativeSiteAndOutputFoldersAreReadFromTheWorkingFolder() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "mysite"], in: folder.path).status == .success)
        let built = await Run.cellar(["build", "--site", "mysite", "--output", "out", "--quiet"], in: folder.path)
        #expect(built.status == .success, "\(built.err)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/index.html"))
        let checked = await Run.cellar(["check", "--site", "./mysite/../mysite"], in: folder.path)
        #expect(checked.status == .success, "\(checked.err)")
        let kinds = await Run.cellar(["kinds", "--site", "mysite", "--json-schema", "schemas"], in: folder.path)
        #expect(kinds.status == .success, "\(kinds.err)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/schemas/article.schema.json"))
    }
}
