import CellarDiagnostics
@testable import CellarEngine
import CellarFiles
@testable import CellarOutput
import CellarSiteTestSupport
import Foundation
import Testing

/// The one way Cellar finds out what changed when nobody said: two ``InputSnapshot``s give the
/// ``ChangeSet`` between them; the last build's, kept in `.cellar-cache`, decides `cellar build`'s
/// no-change shortcut, and a damaged one means a full build, never a wrong site.
@Suite struct InputSnapshotTests {
    static let files = [
        "content/_index.md": Fixture.site,
        "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        "content/notes/one.md": "---\ntitle: One\ndate: 2024-01-01\n---\nOne.\n",
        "content/notes/two.md": "---\ntitle: Two\ndate: 2024-01-02\n---\nTwo.\n",
    ]

    private func snapshot(_ site: TemporarySite, drafts: Bool = false) -> InputSnapshot {
        let options = site.options(drafts: drafts)
        return InputSnapshot.take(layout: SiteLayout(options: options), options: options)
    }

    /// Rewrites `path` so that its stamp surely moves on (a new inode), whatever the clock's tick.
    private func replace(_ site: TemporarySite, _ path: String, with text: String) throws {
        try site.write([path + ".new": text])
        _ = rename(site.root + "/" + path + ".new", site.root + "/" + path)
    }

    @Test func nothingChangedIsAnEmptyChangeSet() throws {
        let site = try TemporarySite(files: Self.files)
        let before = snapshot(site)
        #expect(snapshot(site).changes(since: before) == .paths([]))
        #expect(snapshot(site).isUnchanged(since: before))
        #expect(!snapshot(site).isUnchanged(since: nil))
        #expect(before.entries()?.contains { $0.path == site.root + "/content/notes/one.md" } == true)
    }

    @Test func anEditAnAdditionAndARemovalAreTheirPaths() throws {
        let site = try TemporarySite(files: Self.files)
        let before = snapshot(site)
        try replace(site, "content/notes/one.md", with: "---\ntitle: One again\ndate: 2024-01-01\n---\nOne.\n")
        try site.write(["content/notes/three.md": "---\ntitle: Three\ndate: 2024-01-03\n---\n"])
        try site.remove("content/notes/two.md")
        #expect(!snapshot(site).isUnchanged(since: before))
        guard case .paths(let paths) = snapshot(site).changes(since: before) else {
            Issue.record("expected paths")
            return
        }
        let notes = site.root + "/content/notes"
        #expect(paths.isSuperset(of: [notes + "/one.md", notes + "/two.md", notes + "/three.md"]))
        // Besides them, at most their folder (its entries changed) and the renamed file's temporary name.
        #expect(paths.subtracting([notes + "/one.md", notes + "/two.md", notes + "/three.md", notes]).isEmpty, "\(paths)")
    }

    @Test func otherSettingsOrNoEarlierSnapshotIsEverything() throws {
        let site = try TemporarySite(files: Self.files)
        let before = snapshot(site)
        #expect(snapshot(site, drafts: true).changes(since: before) == .everything)
        #expect(!snapshot(site, drafts: true).isUnchanged(since: before))
        #expect(snapshot(site).changes(since: nil) == .everything)
    }

    @Test func aLinkedFileChangesWithWhatItPointsAt() throws {
        let site = try TemporarySite(files: Self.files.merging(["elsewhere/four.md": "---\ntitle: Four\n---\n"]) { $1 })
        #expect(symlink(site.root + "/elsewhere/four.md", site.root + "/content/notes/four.md") == 0)
        let before = snapshot(site)
        try replace(site, "elsewhere/four.md", with: "---\ntitle: Four, edited\n---\n")
        #expect(snapshot(site).changes(since: before) == .paths([site.root + "/content/notes/four.md"]))
    }

    @Test func theStoredFormReadsBackAsTheSameSnapshot() throws {
        let site = try TemporarySite(files: Self.files)
        let taken = snapshot(site)
        let outcome = LastBuild.Outcome(items: 2, pages: 5, output: TreeID(inode: 7, modified: 8), nextScheduledChange: nil,
                                        diagnostics: [.warning("a warning\nover two lines", at: nil)])
        let read = try #require(LastBuild(bytes: try LastBuild(inputs: taken, outcome: outcome).bytes()))
        #expect(read.outcome.items == 2 && read.outcome.pages == 5 && read.outcome.output == outcome.output)
        #expect(read.outcome.diagnostics.map(\.message) == ["a warning\nover two lines"])
        #expect(taken.changes(since: read.inputs) == .paths([]))
        // Its lines, read when the fingerprints differ, hold every entry as taken.
        #expect(read.inputs.entries() == taken.entries())
        var other = read.inputs
        other.fingerprint &+= 1
        #expect(taken.changes(since: other) == .paths([]))
    }

    /// The stored form made beside the build (``SiteBuilder/storedInBackground(_:)``) is the file
    /// the snapshot's entries make, and reads back as the same snapshot.
    @Test func theStoredFormMadeBesideTheBuildIsTheSameFile() async throws {
        let site = try TemporarySite(files: Self.files)
        let taken = snapshot(site)
        let outcome = LastBuild.Outcome(items: 2, pages: 5, output: TreeID(inode: 7, modified: 8), nextScheduledChange: nil,
                                        diagnostics: [])
        let stored = await SiteBuilder.storedInBackground(taken).value
        guard case .lines = stored.files else { Issue.record("the stored form holds lines"); return }
        #expect(stored.count == taken.count && stored.settings == taken.settings && stored.fingerprint == taken.fingerprint)
        // The snapshot's part (the outcome's JSON is not byte-stable: its keys come in any order).
        let parts = try LastBuild(inputs: stored, outcome: outcome).parts()
        let fromEntries = try LastBuild(inputs: taken, outcome: outcome).parts()
        #expect(parts.count == 2 && parts[1] == taken.lines() && parts[1] == fromEntries[1])
        let bytes = try LastBuild(inputs: stored, outcome: outcome).bytes()
        #expect(bytes.count == parts[0].count + parts[1].count && bytes.suffix(parts[1].count).elementsEqual(parts[1]))
        let read = try #require(LastBuild(bytes: bytes))
        #expect(read.inputs.entries() == taken.entries())
    }

    /// A reporter that, when the writing stage starts, runs `change` once: a file edited while the
    /// build runs, after its snapshot was taken and its items were read.
    private struct EditWhileWriting: BuildReporter {
        let change: @Sendable () -> Void
        func stageStarted(_ stage: BuildStage) {
            if stage == .renderingAndWriting { change() }
        }
    }

    /// A file changed while the build ran (after its snapshot was taken, its stored form made on
    /// another task) is not taken as built: the next build is not up to date, and shows the edit.
    @Test func aFileChangedDuringTheBuildIsBuiltByTheNextOne() async throws {
        let site = try TemporarySite(files: Self.files)
        let root = site.root
        let edit = EditWhileWriting {
            let path = root + "/content/notes/two.md"
            FileManager.default.createFile(atPath: path + ".new",
                                           contents: Data("---\ntitle: Two, edited\ndate: 2024-01-02\n---\nTwo.\n".utf8))
            _ = rename(path + ".new", path)
        }
        try await SiteBuilder(options: site.options(), reporter: edit).build()
        #expect(site.output("notes/two/index.html")?.contains("Two, edited") == false)
        #expect(!(try await site.build().upToDate))
        #expect(site.output("notes/two/index.html")?.contains("Two, edited") == true)
        #expect(try await site.build().upToDate)
    }

    @Test func aDamagedStoredFormIsNoLastBuildOrEverything() throws {
        let site = try TemporarySite(files: Self.files)
        let taken = snapshot(site)
        let outcome = LastBuild.Outcome(items: 2, pages: 5, output: TreeID(inode: 7, modified: 8), nextScheduledChange: nil,
                                        diagnostics: [])
        let bytes = try LastBuild(inputs: taken, outcome: outcome).bytes()
        #expect(LastBuild(bytes: Array(bytes.prefix(30))) == nil)
        #expect(LastBuild(bytes: Array("cellar-last-build 0\n".utf8) + bytes.drop { $0 != 0x0A }.dropFirst()) == nil)
        #expect(LastBuild(bytes: []) == nil)
        // Lines cut short (even where what is left reads as lines), or one more: the header holds, the entries do not.
        for damaged in [Array(bytes.dropLast(3)), Array(bytes.dropLast(1)), bytes + Array("1\t2\t3\t4\t5\t/x\n".utf8)] {
            var cut = try #require(LastBuild(bytes: damaged))
            cut.inputs.fingerprint &+= 1
            #expect(taken.changes(since: cut.inputs) == .everything)
        }
    }

    /// A last build's file that cannot be read is a full build, and the next one is up to date again.
    @Test func aDamagedLastBuildFileMeansAFullBuild() async throws {
        let site = try TemporarySite(files: Self.files)
        try await site.build()
        #expect(try await site.build().upToDate)
        try site.write([".cellar-cache/last-build.txt": "cellar-last-build 1\nnot hex\n{}\n"])
        let again = try await site.build()
        #expect(!again.upToDate)
        #expect(again.items == 2)
        #expect(site.output("notes/one/index.html")?.contains("One") == true)
        #expect(try await site.build().upToDate)
    }

    /// An edit after a build is seen by the next one, which is then not up to date; a second build after it is.
    @Test func anEditAfterABuildIsBuilt() async throws {
        let site = try TemporarySite(files: Self.files)
        try await site.build()
        try replace(site, "content/notes/two.md", with: "---\ntitle: Two, edited\ndate: 2024-01-02\n---\nTwo.\n")
        #expect(!(try await site.build().upToDate))
        #expect(site.output("notes/two/index.html")?.contains("Two, edited") == true)
        #expect(try await site.build().upToDate)
    }

    /// A session told nothing finds the edit by its snapshots, and after an unchanged rebuild writes nothing.
    @Test func aSessionToldNothingFindsTheEdit() async throws {
        let site = try TemporarySite(files: Self.files)
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        #expect(try await session.build().written == 0)
        try replace(site, "content/notes/one.md", with: "---\ntitle: One, edited\ndate: 2024-01-01\n---\nOne.\n")
        _ = try await session.build()
        #expect(site.output("notes/one/index.html")?.contains("One, edited") == true)
    }
}
