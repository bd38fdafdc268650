import Foundation
import Testing

/// `cellar build` killed with SIGKILL at every step it takes on disk — each file written, linked or
/// removed in the folder where the new site is put together, each folder, the marker, the manifest,
/// the swap, the snapshot after it — on an ordinary build, a `--clean` one and a first one. After
/// each kill the output is, byte for byte, the old site or the new one (or, for a first build,
/// absent or the new one); then an ordinary build leaves the new site and nothing stray.
///
/// The step to die at is given by the test hook `CELLAR_TEST_FAULT=kill-at=N`: just before step N
/// the process sends itself SIGKILL, exactly as `kill -9` would.
@Suite(.serialized, .enabled(if: CellarProcess.executable != nil, "needs the cellar executable beside the tests"))
struct TransactionKillTests {
    /// The site before: three posts and a static file.
    static let before: [String: String?] = [
        "content/posts/hello-world.md": post("Hello, world", "2024-01-01", "The first post."),
        "content/posts/second.md": post("Second", "2024-01-02", "The second post."),
        "content/posts/third.md": post("Third", "2024-01-03", "The third post."),
        "content/files/notes.txt": "some notes\n",
    ]

    /// The edit: a post changed, one added, one removed, the static file changed.
    static let edit: [String: String?] = [
        "content/posts/second.md": post("Second, edited", "2024-01-02", "The second post, edited."),
        "content/posts/fourth.md": post("Fourth", "2024-01-04", "The fourth post."),
        "content/posts/third.md": nil,
        "content/files/notes.txt": "some notes, edited\n",
    ]

    static func post(_ title: String, _ date: String, _ body: String) -> String {
        "---\ntitle: \"\(title)\"\ndate: \(date)\ntags: [cellar]\n---\n\(body)\n"
    }

    enum Scenario: String, CaseIterable, CustomTestStringConvertible {
        /// Over an output built twice before (so a spare is beside it).
        case ordinary
        /// The same with `--clean`.
        case clean
        /// The very first build: no output yet.
        case first
        var testDescription: String { rawValue }
    }

    @Test(arguments: Scenario.allCases)
    func theOutputIsTheOldSiteOrTheNewOneWhereverTheBuildIsKilled(_ scenario: Scenario) async throws {
        let new = try await Self.newSite()
        var step = 1
        var kills = 0
        while true {
            let folder = try TemporaryFolder()
            let site = folder.path + "/site"
            let old = try await Self.prepare(site, scenario: scenario)
            try Self.apply(Self.edit, to: site)
            let killed = try await CellarProcess.run(["build", "--site", site, "--quiet"] + (scenario == .clean ? ["--clean"] : []),
                                              environment: ["CELLAR_TEST_FAULT": "kill-at=\(step)"])
            let after = FolderSnapshot.take(site + "/public")
            if !killed.signalled {
                #expect(killed.status == 0, "step \(step): \(killed.err)")
                #expect(after == new, "the build that was not killed wrote something else")
                break
            }
            kills += 1
            #expect(killed.status == SIGKILL)
            let state = after == old ? "old" : after == new ? "new" : "mixed"
            #expect(state != "mixed", "killed before step \(step): public/ is neither the old site nor the new one: \(Self.describe(after, old: old, new: new))")
            // The next ordinary build finishes the job and leaves nothing stray.
            let next = await Run.cellar(["build", "--site", site, "--quiet"], in: folder.path)
            #expect(next.status == .success, "after a kill before step \(step): \(next.err)")
            #expect(FolderSnapshot.take(site + "/public") == new, "after a kill before step \(step)")
            let strays = Self.strays(site, old: old, new: new)
            #expect(strays.isEmpty, "after a kill before step \(step) and a build: \(strays)")
            step += 1
        }
        // Enough instants to be sure every kind of step was hit: files, links, folders, the swap.
        #expect(kills >= 20, "only \(kills) steps")
    }

    // MARK: - Helpers

    /// Writes the site and builds it as the scenario wants it; returns its output (nil: none).
    static func prepare(_ site: String, scenario: Scenario) async throws -> [String: Data]? {
        let folder = URL(fileURLWithPath: site).deletingLastPathComponent().path
        #expect(await Run.cellar(["new", "site", site], in: folder).status == .success)
        try apply(before, to: site)
        if scenario == .first { return nil }
        let tweak = site + "/content/posts/hello-world.md"
        for text in [post("Hello", "2024-01-01", "Tweaked."), post("Hello, world", "2024-01-01", "The first post.")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: tweak))
            #expect(await Run.cellar(["build", "--site", site, "--quiet"], in: folder).status == .success)
        }
        return FolderSnapshot.take(site + "/public")
    }

    /// What a build from nothing writes for the edited site.
    static func newSite() async throws -> [String: Data]? {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        try apply(before, to: site)
        try apply(edit, to: site)
        #expect(await Run.cellar(["build", "--site", site, "--quiet"], in: folder.path).status == .success)
        return FolderSnapshot.take(site + "/public")
    }

    static func apply(_ files: [String: String?], to site: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: site + "/" + path)
            if let text {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } else {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    /// Anything beside the site's own folders, in its cache, or in the spare that is not a whole site.
    static func strays(_ site: String, old: [String: Data]?, new: [String: Data]?) -> [String] {
        var strays: [String] = []
        let top = Set((try? FileManager.default.contentsOfDirectory(atPath: site)) ?? [])
        strays += top.subtracting(["content", "themes", "public", ".cellar-cache", ".public.cellar-spare", ".gitignore", ".github"]).sorted()
        let cache = FolderSnapshot.paths(site + "/.cellar-cache")
        // The search terms, the pages' fingerprints, the typed items, the bodies (and where they sit in
        // their pages) and the cells kept for the next process (`search/terms.bin`, `pages.bin`,
        // `items.bin`, `bodies.bin`, `body-places.bin`, `cells.bin`).
        strays += cache.filter {
            !["build.lock", "last-build.txt", "trees", "search", "search/terms.bin", "pages.bin", "items.bin", "bodies.bin",
              "body-places.bin", "cells.bin"].contains($0)
                && !$0.hasPrefix("trees/")
        }
        let manifests = cache.filter { $0.hasPrefix("trees/") }
        if manifests.count > 2 { strays.append("\(manifests.count) manifests in .cellar-cache/trees") }
        if top.contains(".public.cellar-spare") {
            let spare = FolderSnapshot.take(site + "/.public.cellar-spare")
            if spare != old, spare != new { strays.append(".public.cellar-spare holds neither site: \(describe(spare, old: old, new: new))") }
        }
        return strays
    }

    static func describe(_ now: [String: Data]?, old: [String: Data]?, new: [String: Data]?) -> String {
        guard let now else { return "it is missing" }
        let known = Set((old ?? [:]).keys).union((new ?? [:]).keys)
        let unknown = now.keys.filter { !known.contains($0) }.sorted()
        let differing = now.keys.filter { known.contains($0) && now[$0] != old?[$0] && now[$0] != new?[$0] }.sorted()
        let missingOld = Set((old ?? [:]).keys).subtracting(now.keys).sorted()
        let missingNew = Set((new ?? [:]).keys).subtracting(now.keys).sorted()
        return "\(now.count) files; unknown \(unknown.prefix(4)); in neither form \(differing.prefix(4)); "
            + "lacks of the old \(missingOld.prefix(3)), of the new \(missingNew.prefix(3))"
    }
}
