@testable import CellarEngine
@testable import CellarOutput
import CellarFiles
import CellarSiteTestSupport
import CellarTestSupport
import Foundation
import Testing

/// Cellar replaces only a folder it wrote (its marker proves it) or an empty one, never changes an
/// existing folder's permissions or owner, never writes where a build reads from, and never goes
/// on quietly when something cannot be carried into the new site.
@Suite struct OutputFolderTests {
    private let files = OutputTransactionTests.before

    @Test func aFolderHoldingOnlyHiddenFilesIsNotEmptyAndIsRefused() async throws {
        let site = try TemporarySite(files: files)
        let home = site.root + "/home"
        try site.write(["home/.bashrc": "alias ll='ls -l'\n", "home/.profile": "umask 022\n"])
        chmod(home, 0o700)
        let inode = FileIO.status(home)?.inode
        var options = site.options()
        options.outputDirectory = home
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("a folder that is not Cellar's was replaced")
        } catch {
            #expect(error.diagnostics.sorted.map { site.relative($0.headline) } == [
                "error: refusing to replace home/: it is not empty (it holds .bashrc, .profile) and was not written by Cellar (no .cellar-output in it)",
            ])
        }
        #expect(FileIO.status(home)?.inode == inode)
        #expect(FileIO.status(home)?.mode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == [".bashrc", ".profile"])
        #expect(!FileManager.default.fileExists(atPath: site.root + "/.home.cellar-spare"))
    }

    @Test func anExistingFolderKeepsItsPermissions() async throws {
        let site = try TemporarySite(files: files)
        try FileManager.default.createDirectory(atPath: site.root + "/public", withIntermediateDirectories: false)
        chmod(site.root + "/public", 0o750)
        try await site.build()
        #expect(FileIO.status(site.root + "/public")?.mode == 0o750)
        #expect(site.output("index.html") != nil)
        // And on every later build, whatever the spare folder's permissions were.
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        try await site.build()
        try site.write(["content/notes/two.md": "---\ntitle: Two 3\ndate: 2024-01-02\n---\n"])
        try await site.build()
        #expect(FileIO.status(site.root + "/public")?.mode == 0o750)
    }

    @Test(arguments: [
        ("content/out", "it is inside content/"),
        ("content", "it is inside content/"),
        ("themes/default/assets/site", "it is inside themes/"),
        (".", "it is the site folder itself"),
        ("..", "it holds the site folder"),
    ])
    func anOutputFolderTheBuildReadsFromIsRefused(output: String, reason: String) async throws {
        let site = try TemporarySite(files: files)
        let before = OutputTransactionTests.allFiles(under: site.root)
        var options = site.options()
        options.outputDirectory = site.root + "/" + output
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("built into \(output)")
        } catch {
            let lines = error.diagnostics.sorted.map { site.relative($0.headline) }
            #expect(lines.count == 1 && lines[0].contains("refusing to build into ") && lines[0].contains(reason), "\(lines)")
        }
        #expect(OutputTransactionTests.allFiles(under: site.root) == before)
    }

    @Test func aSymlinkedOutputFolderStaysALink() async throws {
        let site = try TemporarySite(files: files)
        try FileManager.default.createDirectory(atPath: site.root + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/public", withDestinationPath: site.root + "/real")
        try await site.build()
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        try await site.build()
        #expect(FileIO.status(site.root + "/public")?.kind == .symlink)
        #expect(site.output("notes/two/index.html")?.contains("Two 2") == true)
    }

    /// A mount point inside the output cannot go into the new site: the build says so and stops
    /// before the output is touched (it used to drop out of the site silently).
    @Test(.enabled(if: Mounting.isPermitted, "needs permission to mount a tmpfs (root)"))
    func aMountPointInsideTheOutputStopsTheBuild() async throws {
        let site = try TemporarySite(files: files)
        try await site.build()
        let mount = site.root + "/public/.mounted"
        try Mounting.tmpfsHolding(file: "file", at: mount)
        defer { Mounting.unmount(mount) }
        let old = site.snapshot()
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        do {
            try await site.build()
            Issue.record("built with a mount point inside the output")
        } catch {
            let lines = error.diagnostics.sorted.map(\.headline)
            #expect(lines == [MountTests.message(mount, output: site.root + "/public")])
        }
        #expect(site.snapshot() == old)
        #expect(try String(contentsOfFile: mount + "/file", encoding: .utf8) == "kept\n")
    }
}

extension OutputFolderTests {
    @Test func anOutputFolderWhoseParentsDoNotExistYetIsMade() async throws {
        let site = try TemporarySite(files: files)
        var options = site.options()
        options.outputDirectory = site.root + "/deep/er/www"
        try await SiteBuilder(options: options).build()
        #expect(FileManager.default.fileExists(atPath: site.root + "/deep/er/www/index.html"))
    }
}
