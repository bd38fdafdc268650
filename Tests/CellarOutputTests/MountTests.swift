@testable import CellarEngine
@testable import CellarOutput
import CellarFiles
import CellarSiteTestSupport
import CellarTestSupport
import Foundation
import Testing

/// A file system mounted inside the output folder or its spare stops the build before its first
/// change, with the mount named; nothing in a mounted tree is ever removed. (A bind mount of a
/// folder of the same file system has the same device number as the folder around it: only the
/// mount table finds it.)
@Suite(.serialized) struct MountTests {
    private let files = OutputTransactionTests.before

    static func message(_ mount: String, output: String) -> String {
        "error: \(mount)/ is a mount point inside the output folder \(output)/: a build replaces that folder as a whole, "
            + "and would move the mounted file system out of the site or empty it"
    }

    /// The report's case: `mount --bind SRC public/data`, edit, build, edit, build. The first build
    /// used to swap the mount into the spare and the second to empty SRC.
    @Test(.enabled(if: Mounting.isPermitted, "needs permission to mount (root)"))
    func aBindMountInsideTheOutputStopsEveryBuildAndKeepsItsFiles() async throws {
        let site = try TemporarySite(files: files)
        try await site.build()
        let source = site.root + "/elsewhere"
        try site.write(["elsewhere/kept.txt": "kept\n", "elsewhere/deep/also.txt": "also\n"])
        let mount = site.root + "/public/data"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        try Mounting.bind(source, at: mount)
        // And where a build that moved the mount (as builds did before the check) left it.
        defer { [mount, site.root + "/.public.cellar-spare/data"].forEach(Mounting.unmount) }
        #expect(FileIO.status(mount)?.device == FileIO.status(site.root + "/public")?.device, "a bind mount of the same file system")
        let old = site.snapshot()
        let spare = site.snapshot(".public.cellar-spare")
        for round in 1...2 {
            try site.write(["content/notes/two.md": "---\ntitle: Two \(round)\ndate: 2024-01-02\n---\n"])
            #expect(await site.failures() == [Self.message(mount, output: site.root + "/public")], "build \(round)")
            #expect(site.snapshot() == old)
            #expect(site.snapshot(".public.cellar-spare") == spare)
            #expect(try String(contentsOfFile: source + "/kept.txt", encoding: .utf8) == "kept\n")
            #expect(try String(contentsOfFile: source + "/deep/also.txt", encoding: .utf8) == "also\n")
        }
        Mounting.unmount(mount)
        try await site.build()
        #expect(site.output("notes/two/index.html")?.contains("Two 2") == true)
    }

    /// A mount already in the spare (where an older Cellar's swap moved it) is never emptied.
    @Test(.enabled(if: Mounting.isPermitted, "needs permission to mount (root)"))
    func aMountInTheSpareStopsTheBuildAndKeepsItsFiles() async throws {
        let site = try TemporarySite(files: files)
        try await site.build()
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        try await site.build()   // the spare holds the first site now
        try site.write(["elsewhere/kept.txt": "kept\n"])
        let mount = site.root + "/.public.cellar-spare/data"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        try Mounting.bind(site.root + "/elsewhere", at: mount)
        defer { Mounting.unmount(mount) }
        try site.write(["content/notes/two.md": "---\ntitle: Two 3\ndate: 2024-01-02\n---\n"])
        let failures = await site.failures()
        #expect(failures == ["error: \(mount)/ is a mount point inside \(site.root)/.public.cellar-spare/, where Cellar puts the new site together: "
                             + "a build replaces that folder as a whole, and would move the mounted file system out of the site or empty it"])
        #expect(try String(contentsOfFile: site.root + "/elsewhere/kept.txt", encoding: .utf8) == "kept\n")
    }

    /// The same rule with the mount table given by the test, so it runs where mounting is not allowed.
    @Test func aMountTheTableNamesStopsTheBuildBeforeAnyChange() async throws {
        let site = try TemporarySite(files: files)
        try await site.build()
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        try await site.build()
        try FileManager.default.createDirectory(atPath: site.root + "/public/data", withIntermediateDirectories: false)
        try site.write(["public/data/kept.txt": "kept\n", "content/notes/two.md": "---\ntitle: Two 3\ndate: 2024-01-02\n---\n"])
        let before = OutputTransactionTests.allFiles(under: site.root).filter { !$0.hasPrefix(".cellar-cache") }
        let old = site.snapshot(), spare = site.snapshot(".public.cellar-spare")
        let mount = site.root + "/public/data"
        var options = site.options()
        options.mounts = MountTable { ["/", "/proc", site.root + "/publication", mount] }
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("built with a mount point inside the output")
        } catch {
            #expect(error.diagnostics.sorted.map(\.headline) == [Self.message(mount, output: site.root + "/public")])
            #expect(error.diagnostics.sorted.first?.hint == "unmount it (umount \(mount)); a file system never belongs inside the output folder: put what the site publishes under content/")
        }
        #expect(site.snapshot() == old)
        #expect(site.snapshot(".public.cellar-spare") == spare)
        #expect(OutputTransactionTests.allFiles(under: site.root).filter { !$0.hasPrefix(".cellar-cache") } == before)
        // A mount beside the output (its name only begins like it) is no concern.
        options.mounts = MountTable { ["/", site.root + "/publication", site.root + "/public-old"] }
        try await SiteBuilder(options: options).build()
        #expect(site.output("notes/two/index.html")?.contains("Two 3") == true)
    }

    @Test func theMountTableIsReadWithItsEscapes() {
        let text = """
            22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
            46 22 254:0 /srv/a /home/me/my\\040site/public/data rw,relatime - ext4 /dev/vda rw
            47 22 0:51 / /tmp/tab\\011and\\134backslash rw - tmpfs tmpfs rw

            """
        #expect(MountTable.mountPoints(mountInfo: Array(text.utf8)) == ["/", "/home/me/my site/public/data", "/tmp/tab\tand\\backslash"])
        let table = MountTable { ["/", "/site/public", "/site/public/a", "/site/public-b", "/site/public/a/b"] }
        #expect(table.mountPoints(inside: "/site/public") == ["/site/public/a", "/site/public/a/b"])
        #expect(MountTable { nil }.mountPoints(inside: "/site/public") == nil)
        #expect(table.mountPoints(inside: "/site/public", orItself: true) == ["/site/public", "/site/public/a", "/site/public/a/b"])
    }

    /// The system's table on this machine: the root is always mounted.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mountinfo")))
    func theSystemTableListsTheRoot() {
        #expect(MountTable.system.mountPoints(inside: "/", orItself: true)?.contains("/") == true)
    }

    /// Without a mount table (no /proc), the folders of the output are looked at one by one: a
    /// file system of its own is found by its device number.
    @Test(.enabled(if: Mounting.isPermitted, "needs permission to mount a tmpfs (root)"))
    func withoutAMountTableAFolderOnAnotherDeviceStopsTheBuild() async throws {
        let site = try TemporarySite(files: files)
        try await site.build()
        let mount = site.root + "/public/notes/data"
        try Mounting.tmpfsHolding(file: "file", at: mount)
        defer { Mounting.unmount(mount) }
        var options = site.options()
        options.mounts = MountTable { nil }
        try site.write(["content/notes/two.md": "---\ntitle: Two 2\ndate: 2024-01-02\n---\n"])
        do {
            try await SiteBuilder(options: options).build()
            Issue.record("built with a mount point inside the output")
        } catch {
            #expect(error.diagnostics.sorted.map(\.headline) == [Self.message(mount, output: site.root + "/public")])
        }
        #expect(MountCheck.foldersOnOtherDevices(under: site.root + "/public") == [mount])
        #expect(try String(contentsOfFile: mount + "/file", encoding: .utf8) == "kept\n")
    }

    /// Removing a folder that is itself a mount point removes nothing of what is mounted there.
    @Test(.enabled(if: Mounting.isPermitted, "needs permission to mount a tmpfs (root)"))
    func removingATreeNeverEmptiesAMountedFileSystem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-mount-\(UUID().uuidString)").path
        let mount = folder + "/tree/mounted"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Mounting.tmpfsHolding(file: "file", at: mount)
        defer { Mounting.unmount(mount) }
        FileIO.removeTree(mount)
        #expect(FileManager.default.fileExists(atPath: mount + "/file"))
        FileIO.removeTree(folder + "/tree")
        #expect(FileManager.default.fileExists(atPath: mount + "/file"))
    }
}
