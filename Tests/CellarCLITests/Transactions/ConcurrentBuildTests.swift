import Foundation
import Testing

/// Two `cellar build` processes of one site at once: the second waits for the first (and says
/// so), and the output is the new site, whole; with `--no-wait` the second refuses at once.
@Suite(.serialized, .enabled(if: CellarProcess.executable != nil, "needs the cellar executable beside the tests"))
struct ConcurrentBuildTests {
    @Test func aSecondBuildWaitsForTheFirst() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        // The first build holds the lock for two seconds, halfway through writing.
        let first = try CellarProcess.start(["build", "--site", site, "--clean"], environment: ["CELLAR_TEST_FAULT": "pause-at=5:3000"])
        try await Self.waitUntilLocked(site, by: first)
        let second = try await CellarProcess.run(["build", "--site", site, "--clean"])
        let firstOutcome = await first.wait()
        #expect(firstOutcome.status == 0, "\(firstOutcome.err)")
        #expect(firstOutcome.err.isEmpty && firstOutcome.out.hasPrefix("Built "), "\(firstOutcome.err)")
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err == "waiting for another build of this site to finish…\n")
        #expect(second.out.hasPrefix("Built "))
        let reference = folder.path + "/reference"
        #expect(await Run.cellar(["new", "site", reference], in: folder.path).status == .success)
        try FileManager.default.removeItem(atPath: reference + "/content")
        try FileManager.default.copyItem(atPath: site + "/content", toPath: reference + "/content")
        #expect(await Run.cellar(["build", "--site", reference], in: folder.path).status == .success)
        #expect(FolderSnapshot.take(site + "/public") == FolderSnapshot.take(reference + "/public"))
    }

    @Test func withNoWaitTheSecondBuildRefuses() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        let first = try CellarProcess.start(["build", "--site", site], environment: ["CELLAR_TEST_FAULT": "pause-at=3:3000"])
        try await Self.waitUntilLocked(site, by: first)
        let second = try await CellarProcess.run(["build", "--site", site, "--no-wait"], in: folder.path)
        #expect(await first.wait().status == 0)
        #expect(second.status == 1)
        #expect(second.err == """
            error: another build of this site is running (it holds site/.cellar-cache/build.lock)
              hint: wait for it to finish, or leave out --no-wait to wait for it
            1 error; site/public/ is as it was.

            """)
    }

    /// Waits until a build holds the site's lock (another open of the lock file cannot take it), for
    /// as long as a minute (a loaded machine may be slow to start the process).
    static func waitUntilLocked(_ site: String, by first: CellarProcess.Running) async throws {
        let path = site + "/.cellar-cache/build.lock"
        for _ in 0..<6000 {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                if flock(descriptor, LOCK_EX | LOCK_NB) != 0 { return }
                flock(descriptor, LOCK_UN)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the first build was never seen holding the lock")
    }
}
