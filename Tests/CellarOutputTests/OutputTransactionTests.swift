import AnnotatedLocking
import CellarDiagnostics
@testable import CellarEngine
@testable import CellarOutput
import CellarFiles
import CellarSiteTestSupport
import Foundation
import Synchronization
import Testing

/// Every build is one transaction: the output is the previous site or the new one at every step of
/// a build — looked at from inside the build, just before each change it makes on disk — for
/// `cellar build` (ordinary and `--clean`) and for the preview server's rebuilds after an edit.
/// (Killing a real process at every step is `TransactionKillTests`, in the CLI tests.)
@Suite struct OutputTransactionTests {
    static let before: [String: String] = [
        "content/_index.md": Fixture.site,
        "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        "content/notes/one.md": "---\ntitle: One\ndate: 2024-01-01\ntags: [a]\n---\nFirst.\n",
        "content/notes/two.md": "---\ntitle: Two\ndate: 2024-01-02\n---\nSecond.\n",
        "content/notes/three.md": "---\ntitle: Three\ndate: 2024-01-03\n---\nThird.\n",
        "content/files/a.txt": "a file\n",
    ]

    /// An edit that changes pages, adds some and removes others.
    static let edit: [String: String?] = [
        "content/notes/two.md": "---\ntitle: Two, again\ndate: 2024-01-02\ntags: [b]\n---\nSecond, edited.\n",
        "content/notes/four.md": "---\ntitle: Four\ndate: 2024-01-04\n---\nFourth.\n",
        "content/notes/three.md": nil,
        "content/files/a.txt": "a file, edited\n",
    ]

    static func apply(_ edit: [String: String?], to site: TemporarySite) throws {
        for (path, text) in edit {
            if let text { try site.write([path: text]) } else { try site.remove(path) }
        }
    }

    /// The output a build from nothing writes for the edited site.
    static func newSite() async throws -> [String: Data] {
        let mirror = try TemporarySite(files: before)
        try apply(edit, to: mirror)
        try await mirror.build()
        return mirror.snapshot()
    }

    /// A site built twice (so the spare folder beside its output holds a site too), as it is before the edit.
    static func builtSite() async throws -> TemporarySite {
        let site = try TemporarySite(files: before)
        try await site.build()
        try site.write(["content/notes/one.md": "---\ntitle: One\ndate: 2024-01-01\ntags: [a]\n---\nFirst!\n"])
        try await site.build()
        try site.write(["content/notes/one.md": before["content/notes/one.md"]!])
        try await site.build()
        return site
    }

    @Test(arguments: [false, true])
    func theOutputIsTheOldSiteOrTheNewOneBeforeEveryStepOfABuild(clean: Bool) async throws {
        let site = try await Self.builtSite()
        let old = site.snapshot()
        let new = try await Self.newSite()
        #expect(old != new)
        try Self.apply(Self.edit, to: site)
        let seen = Mutex<[Int: String]>([:])
        var options = site.options()
        options.clean = clean
        options.faults = FaultInjection(observer: { step in
            let now = site.snapshot()
            let state = now == old ? "old" : now == new ? "new" : "mixed: \(Self.describe(now, old: old, new: new))"
            seen.withAnnotatedLock { $0[step] = state }
        })
        try await SiteBuilder(options: options).build()
        let states = seen.withAnnotatedLock { $0 }.sorted { $0.key < $1.key }
        #expect(states.count > 10)
        #expect(states.filter { $0.value != "old" && $0.value != "new" }.map { "step \($0.key): \($0.value)" } == [])
        #expect(states.first?.value == "old")
        #expect(states.last?.value == "new")
        #expect(site.snapshot() == new)
        #expect(site.snapshot(".public.cellar-spare") == old)
    }

    @Test func aSessionsRebuildAfterAnEditIsOneSwapToo() async throws {
        let site = try TemporarySite(files: Self.before)
        var options = site.options()
        options.writeMode = .inPlace
        let old = Mutex<[String: Data]>([:])
        let new = Mutex<[String: Data]>([:])
        let seen = Mutex<[String]>([])
        let watching = Atomic<Bool>(false)
        options.faults = FaultInjection(observer: { step in
            guard watching.load(ordering: .relaxed) else { return }
            let now = site.snapshot()
            let state = now == old.withAnnotatedLock({ $0 }) ? "old" : now == new.withAnnotatedLock({ $0 }) ? "new" : "mixed at \(step)"
            seen.withAnnotatedLock { $0.append(state) }
        })
        let session = BuildSession(options: options)
        try await session.build()
        // Each edit touches one item's words: the session renders only the pages showing it.
        for round in 1...3 {
            old.withAnnotatedLock { $0 = site.snapshot() }
            let path = "content/notes/\(["one", "two", "three"][round % 3]).md"
            let text = "---\ntitle: Edited \(round)\ndate: 2024-01-0\(round)\n---\nRound \(round).\n"
            let mirror = try TemporarySite(files: Self.before)
            for earlier in 1...round {
                let earlierPath = "content/notes/\(["one", "two", "three"][earlier % 3]).md"
                try mirror.write([earlierPath: "---\ntitle: Edited \(earlier)\ndate: 2024-01-0\(earlier)\n---\nRound \(earlier).\n"])
            }
            try await mirror.build()
            new.withAnnotatedLock { $0 = mirror.snapshot() }
            try site.write([path: text])
            watching.store(true, ordering: .relaxed)
            let report = try await session.build(changed: [site.root + "/" + path])
            watching.store(false, ordering: .relaxed)
            #expect(report.written > 0 && report.unchanged > 0, "a rebuild after an edit, not a full build")
            #expect(site.snapshot() == mirror.snapshot())
        }
        let states = seen.withAnnotatedLock { $0 }
        #expect(states.count > 5)
        #expect(states.filter { $0 != "old" && $0 != "new" } == [])
    }

    @Test func filesWhoseBytesDidNotChangeKeepTheirInodeAndTime() async throws {
        let site = try await Self.builtSite()
        let before = Self.identities(site)
        try site.write(["content/notes/two.md": "---\ntitle: Two\ndate: 2024-01-02\n---\nSecond, edited.\n"])
        let report = try await site.build()
        let after = Self.identities(site)
        #expect(after["notes/two/index.html"] != before["notes/two/index.html"])
        let kept = before.filter { after[$0.key] == $0.value }.count
        #expect(kept > 5)
        #expect(kept == report.unchanged)   // every unchanged file is the very same file (the marker is the spare's)
    }

    @Test func aFullDiskIsOneErrorAndTheSpareIsRemoved() async throws {
        let site = try await Self.builtSite()
        let old = site.snapshot()
        try Self.apply(Self.edit, to: site)
        try site.write(["content/files/big.bin": String(repeating: "x", count: 300_000)])
        var options = site.options()
        options.faults = FaultInjection(spaceLimit: 20_000)
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("the build succeeded on a full disk")
        } catch {
            let lines = error.diagnostics.sorted.map(\.headline)
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.hasPrefix("error: not enough disk space for the new site beside ") == true, "\(lines)")
            #expect(lines.first?.contains(", and 20 KiB was free") == true, "\(lines)")
        }
        #expect(site.snapshot() == old)
        #expect(!site.exists(".public.cellar-spare"))
        // Room again: the next build needs no cleaning up first.
        try site.remove("content/files/big.bin")
        try await site.build()
        #expect(site.snapshot() == (try await Self.newSite()))
    }

    /// A 100,000-item build on tmpfs found no room with 11.9 GiB said to be free (memory had run
    /// out): the message said it "needs more than the 11.9 GiB that was free", and that its files
    /// take 1.4 GiB. It now says what is known, and what can take room the free figure does not show.
    @Test func aSiteThatFittedWhatWasFreeSaysWhatElseCanRunOut() {
        var space = OutOfSpace()
        space.needed = 1_400 << 20
        let line = space.diagnostic(output: "public/", free: 12 << 30).headline
        #expect(line.hasPrefix("error: no space left while writing the new site beside public/: its new files take about 1.4 GiB, "
                               + "and 12.0 GiB was free when the build began"), "\(line)")
        #expect(line.contains("inodes") && line.contains("tmpfs"), "\(line)")
        #expect(!line.contains("needs more than"), "\(line)")
    }

    @Test func whatInterruptedBuildsOfOlderVersionsLeftIsRemoved() async throws {
        let site = try TemporarySite(files: Self.before)
        try await site.build()
        // As an older Cellar left them when killed: temporary files among the pages, a whole old site
        // beside the output, an unfinished staging folder, a temporary cache file.
        try site.write([
            "public/notes/one/index.html.cellar-new-4242": "half a page",
            "public/.1f2e3d.cellar-new-4242": "half a page",
            ".public.cellar-old-4242/.cellar-output": OutputMarker.finishedText,
            ".public.cellar-old-4242/index.html": "an old site",
            ".public.cellar-staging-77/.cellar-output": OutputMarker.finishedText,
            ".cellar-cache/last-build.json.cellar-tmp-4242": "{",
            // Not Cellar's (no marker): left alone.
            ".public.cellar-old-99/mine.txt": "mine",
        ])
        try FileManager.default.removeItem(atPath: site.root + "/.cellar-cache/trees")
        let report = try await site.build()
        #expect(!report.upToDate)
        let leftovers = Self.allFiles(under: site.root).filter { $0.contains(".cellar-new-") || $0.contains(".cellar-tmp-")
            || $0.contains("cellar-old-4242") || $0.contains("cellar-staging-77") }
        #expect(leftovers == [])
        #expect(site.exists(".public.cellar-old-99/mine.txt"))
    }

    @Test func aBuildThatFailsWhileWritingLeavesTheSpareForTheNextBuild() async throws {
        let site = try await Self.builtSite()
        let old = site.snapshot()
        try Self.apply(Self.edit, to: site)
        var options = site.options()
        options.faults = FaultInjection(failAfter: 2)
        await #expect(throws: BuildFailure.self) { try await SiteBuilder(options: options).build() }
        #expect(site.snapshot() == old)
        // Sealed as it was left: its manifest describes it, so the next build can use it.
        #expect(OutputMarker.state(of: site.root + "/.public.cellar-spare") != .unfinished)
        try await site.build()
        #expect(site.snapshot() == (try await Self.newSite()))
        #expect(OutputMarker.state(of: site.root + "/.public.cellar-spare") != .unfinished)
    }

    // MARK: - Helpers

    static func describe(_ now: [String: Data], old: [String: Data], new: [String: Data]) -> String {
        let differing = now.keys.filter { now[$0] != old[$0] && now[$0] != new[$0] }.sorted()
        let missing = Set(old.keys).intersection(new.keys).subtracting(now.keys).sorted()
        return "differs from both at \(differing.prefix(4)), missing \(missing.prefix(4))"
    }

    /// Inode and modification time of every file of the output.
    static func identities(_ site: TemporarySite) -> [String: String] {
        var result: [String: String] = [:]
        for path in site.snapshot().keys {
            guard let status = FileIO.status(site.root + "/public/" + path) else { continue }
            result[path] = "\(status.inode)/\(status.modified)"
        }
        return result
    }

    static func allFiles(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String { files.append(path) }
        return files.sorted()
    }
}
