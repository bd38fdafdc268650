import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

/// A file made unreadable after a build is a change: the next build reads it again (and says it
/// cannot), rather than calling the site up to date. What a permission problem says names what
/// lacks the permission. (As another user, where root would read anyway: `UnreadableInputTests`.)
@Suite struct PermissionChangeTests {
    @Test func aChangeOfPermissionsIsAChange() async throws {
        let site = try TemporarySite(files: OutputTransactionTests.before)
        try await site.build()
        #expect(try await site.build().upToDate)
        chmod(site.root + "/content/notes/one.md", 0o000)
        #expect(!(try await site.build().upToDate))
        chmod(site.root + "/content/notes/one.md", 0o644)
        #expect(!(try await site.build().upToDate))
        #expect(try await site.build().upToDate)
    }

    @Test func theHintForAnUnreadableFileIsAboutTheFile() throws {
        let site = try TemporarySite(files: OutputTransactionTests.before)
        let file = site.root + "/content/notes/one.md"
        let error = FileIOError(path: file, operation: "read", code: EACCES)
        #expect(error.hint == "the file is not readable by you: chmod u+r \(file)")
        let folder = FileIOError(path: site.root + "/content/notes", operation: "list", code: EACCES)
        #expect(folder.hint == "the folder is not readable by you: chmod u+rx \(site.root)/content/notes")
    }
}
