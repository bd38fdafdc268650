import Foundation
import Testing

/// `cellar build` as a user meets it: which folders it replaces, what it leaves behind, what it
/// notices and what reaches the pages — through the command line only.
@Suite struct OutputEndToEndTests {
    private func newSite() async throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "site"], in: folder.path).status == .success)
        return (folder, folder.path + "/site")
    }

    /// A folder holding only hidden files (a home folder) is not empty: refused, left as it was.
    @Test func aFolderOfHiddenFilesIsRefusedAndLeftAsItWas() async throws {
        let (folder, _) = try await newSite()
        try FileManager.default.createDirectory(atPath: folder.path + "/home", withIntermediateDirectories: false)
        try folder.write("export A=1\n", to: "home/.profile")
        chmod(folder.path + "/home", 0o700)
        let run = await Run.cellar(["build", "--site", "site", "--output", "home"], in: folder.path)
        #expect(run.status == .failure)
        #expect(run.err.contains("refusing to replace ") && run.err.contains("it holds .profile"), "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/home") == [".profile"])
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/home")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["home", "site"])
    }

    /// An output the build reads from is refused: each build would copy the last one in again.
    @Test func anOutputInsideContentIsRefused() async throws {
        let (folder, site) = try await newSite()
        let before = FolderSnapshot.paths(site + "/content")
        for _ in 0..<2 {
            let run = await Run.cellar(["build", "--site", "site", "--output", "site/content/out"], in: folder.path)
            #expect(run.status == .failure)
            #expect(run.err.contains("refusing to build into ") && run.err.contains("it is inside "), "\(run.err)")
        }
        #expect(FolderSnapshot.paths(site + "/content") == before)
    }

    /// What killed builds of older versions left (temporary files among the pages, a whole old site
    /// beside the output) goes at the next build, which does not call the site up to date.
    @Test func leftoversOfInterruptedBuildsAreRemoved() async throws {
        let (folder, site) = try await newSite()
        #expect(await Run.cellar(["build", "--site", "site"], in: folder.path).status == .success)
        // As an older Cellar left it: a cache of another format (one manifest, no trees, no record
        // of the output tree its last build finished).
        try FileManager.default.removeItem(atPath: site + "/.cellar-cache")
        try FileManager.default.createDirectory(atPath: site + "/.cellar-cache", withIntermediateDirectories: false)
        try folder.write("{}", to: "site/.cellar-cache/output-manifest")
        try folder.write("half a page", to: "site/public/index.html.cellar-new-4242")
        try FileManager.default.createDirectory(atPath: site + "/.public.cellar-old-4242", withIntermediateDirectories: false)
        try folder.write("This folder is written by Cellar (cellar build) and replaced on every build.\n",
                         to: "site/.public.cellar-old-4242/.cellar-output")
        try folder.write("an old page", to: "site/.public.cellar-old-4242/index.html")
        let run = await Run.cellar(["build", "--site", "site"], in: folder.path)
        #expect(run.status == .success)
        #expect(!run.out.contains("up to date"), "\(run.out)")
        let left = FolderSnapshot.paths(site).filter {
            $0.contains(".cellar-new-") || $0.contains(".cellar-old-") || $0.hasSuffix("output-manifest")
        }
        #expect(left == [])
    }

    /// A content file made unreadable is a change: the next build reads it (as root it still can).
    @Test func aChangeOfPermissionsIsNoticed() async throws {
        let (folder, site) = try await newSite()
        #expect(await Run.cellar(["build", "--site", "site"], in: folder.path).status == .success)
        #expect(await Run.cellar(["build", "--site", "site"], in: folder.path).out.contains("up to date"))
        chmod(site + "/content/posts/hello-world.md", 0o000)
        defer { chmod(site + "/content/posts/hello-world.md", 0o644) }
        let run = await Run.cellar(["build", "--site", "site"], in: folder.path)
        #expect(!run.out.contains("up to date"), "\(run.out)")
    }

    /// BEL, ESC and the other control characters from content reach no page, feed or sitemap.
    @Test func noControlCharacterReachesAnyOutput() async throws {
        let (folder, site) = try await newSite()
        try folder.write("---\ntitle: \"Bell\\a escape\\e[31m red\"\ndate: 2024-01-01\n---\nBody &#27;[2J and \u{1B}[31mraw\u{7}.\n",
                         to: "site/content/posts/bell.md")
        #expect(await Run.cellar(["build", "--site", "site"], in: folder.path).status == .success)
        var offending: [String] = []
        for (path, data) in FolderSnapshot.take(site + "/public") ?? [:]
        where [".html", ".xml", ".json", ".txt"].contains(where: path.hasSuffix) {
            let text = String(decoding: data, as: UTF8.self)
            if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
                || text.contains("\\u001b") || text.contains("\\u0007") {
                offending.append(path)
            }
        }
        #expect(offending.sorted() == [])
    }
}
