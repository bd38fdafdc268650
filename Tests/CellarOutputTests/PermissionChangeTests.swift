import CellarDiagnostics
@testable import CellarEngine
@testable import CellarOutput
import CellarFiles
import CellarSiteTestSupport
import Foundation
import Synchronization
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

    /// The snapshot a build keeps is the one taken before it read anything: a file saved while the
    /// build ran — after the build read it — makes the next build build again and show the save.
    @Test func aFileSavedWhileTheBuildRunsIsBuiltNextTime() async throws {
        let site = try TemporarySite(files: OutputTransactionTests.before)
        let file = site.root + "/content/notes/one.md"
        var options = site.options()
        let saved = Mutex(false)
        options.faults = FaultInjection(observer: { _ in
            // The first change on disk: every file was read, the output is being put together.
            guard saved.withLock({ done in defer { done = true }; return !done }) else { return }
            FileManager.default.createFile(atPath: file, contents: Data("---\ntitle: One, saved late\ndate: 2024-01-01\n---\nLate.\n".utf8))
        })
        try await SiteBuilder(options: options).build()
        #expect(site.output("notes/one/index.html")?.contains("One, saved late") == false)
        let next = try await site.build()
        #expect(!next.upToDate)
        #expect(site.output("notes/one/index.html")?.contains("One, saved late") == true)
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
