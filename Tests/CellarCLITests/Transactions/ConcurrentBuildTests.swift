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
        // The first build holds the lock halfway through writing until the second says it waits.
        let release = folder.path + "/release"
        let first = try CellarProcess.start(["build", "--site", site, "--clean"], environment: ["CELLAR_TEST_FAULT": "hold-at=5:\(release)"])
        let running = try await Self.onceLocked(site) { try CellarProcess.start(["build", "--site", site, "--clean"]) }
        #expect(await Self.eventually { running.errorOutput.contains("waiting for another build") }, "the second build never said it waits")
        FileManager.default.createFile(atPath: release, contents: nil)
        let second = await running.wait()
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
        // The first build holds the lock until the second has refused.
        let release = folder.path + "/release"
        let first = try CellarProcess.start(["build", "--site", site], environment: ["CELLAR_TEST_FAULT": "hold-at=3:\(release)"])
        let second = try await Self.onceLocked(site) {
            try CellarProcess.start(["build", "--site", site, "--no-wait"], in: folder.path)
        }.wait()
        FileManager.default.createFile(atPath: release, contents: nil)
        #expect(await first.wait().status == 0)
        #expect(second.status == 1)
        #expect(second.err == """
            error: another build of this site is running (it holds site/.cellar-cache/build.lock)
              hint: wait for it to finish, or leave out --no-wait to wait for it
            1 error; site/public/ is as it was.

            """)
    }

    /// Starts the second build as soon as the first holds the site's lock (another open of the lock
    /// file cannot take it) — watched from a thread of its own, for as long as a minute: a task of the
    /// shared pool may not run for seconds while the other tests keep it busy, and would miss it.
    static func onceLocked(_ site: String, start: @escaping @Sendable () throws -> CellarProcess.Running) async throws
        -> CellarProcess.Running {
        let path = site + "/.cellar-cache/build.lock"
        let result: Result<CellarProcess.Running, any Error> = await withCheckedContinuation { done in
            Thread {
                for _ in 0..<60_000 {
                    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                    if descriptor >= 0 {
                        defer { close(descriptor) }
                        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                            done.resume(returning: Result { try start() })
                            return
                        }
                        flock(descriptor, LOCK_UN)
                    }
                    usleep(1000)
                }
                done.resume(returning: .failure(NeverLocked()))
            }.start()
        }
        return try result.get()
    }

    /// Whether `condition` comes to hold, checked every millisecond on a thread of its own for as long
    /// as ten minutes (a bound for a hang only: it returns as soon as the event happens).
    static func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { done in
            Thread {
                var waited = 0
                while !condition(), waited < 600_000 {
                    usleep(1000)
                    waited += 1
                }
                done.resume(returning: condition())
            }.start()
        }
    }

    struct NeverLocked: Error, CustomStringConvertible {
        var description: String { "the first build was never seen holding the lock" }
    }
}
