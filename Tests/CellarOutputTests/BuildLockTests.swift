import AnnotatedLocking
@testable import CellarEngine
@testable import CellarOutput
import CellarSiteTestSupport
import Foundation
import Synchronization
import Testing

/// One build of a site at a time: a second waits for the first (and says so), or — told not to
/// wait — fails at once, naming the lock. (Two `cellar build` processes at once: `ConcurrentBuildTests`.)
@Suite struct BuildLockTests {
    /// Counts what the build says about waiting, and lets a test wait for the first time it does.
    private final class Waiting: BuildReporter {
        let said = Atomic<Int>(0)
        private let (saidIt, continuation) = AsyncStream<Void>.makeStream()

        func waitingForOtherBuild() {
            said.wrappingAdd(1, ordering: .relaxed)
            continuation.yield()
        }

        /// Returns once the build said it waits.
        func untilSaid() async {
            for await _ in saidIt { return }
        }
    }

    @Test func aSecondBuildRefusesToRunWhenToldNotToWait() async throws {
        let site = try TemporarySite(files: OutputTransactionTests.before)
        let held = try await BuildLock.acquire(cache: site.root + "/.cellar-cache", display: "", wait: false, reporter: SilentReporter())
        var options = site.options()
        options.waitForOtherBuilds = false
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("built while another build held the lock")
        } catch {
            #expect(site.relative(error.diagnostics.sorted.map(\.description).joined(separator: "\n")) == """
                error: another build of this site is running (it holds .cellar-cache/build.lock)
                  hint: wait for it to finish, or leave out --no-wait to wait for it
                """)
        }
        #expect(!site.exists("public"))
        withExtendedLifetime(held) {}
    }

    @Test func aSecondBuildWaitsForTheFirst() async throws {
        let site = try TemporarySite(files: OutputTransactionTests.before)
        var held: BuildLock? = try await BuildLock.acquire(cache: site.root + "/.cellar-cache", display: "", wait: false,
                                                           reporter: SilentReporter())
        let reporter = Waiting()
        let build = Task { try await SiteBuilder(options: site.options(), reporter: reporter).build() }
        // Wait for the build to reach the lock and say so (on a loaded machine its task may start late), not for a time.
        await reporter.untilSaid()
        #expect(reporter.said.load(ordering: .relaxed) == 1)
        #expect(!site.exists("public"), "the second build started while the first held the lock")
        withExtendedLifetime(held) {}
        held = nil
        let report = try await build.value
        #expect(report.written > 0)
        #expect(site.output("index.html") != nil)
    }
}
