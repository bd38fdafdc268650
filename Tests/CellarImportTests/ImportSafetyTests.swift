import CellarDiagnostics
import CellarEngine
import CellarFiles
@testable import CellarImport
import Foundation
import Testing

/// Nothing outside the new site is ever touched by an import: `--replace` never empties a folder
/// an import did not write, a symlink never carries a file from outside the source into the new
/// site, no file becomes more readable than the one it was made from, and the destination is never
/// inside the source.
@Suite struct ImportSafetyTests {
    // MARK: - --replace

    enum HiddenFolder: String, CaseIterable, CustomTestStringConvertible {
        /// A home folder: a key and a shell's settings.
        case home
        /// A fresh git repository, nothing committed yet.
        case repository
        var testDescription: String { rawValue }

        var files: [String: String] {
            switch self {
            case .home: [".ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\nnot a real key\n", ".bashrc": "export EDITOR=vi\n"]
            case .repository: [".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n"]
            }
        }
    }

    @Test(arguments: HiddenFolder.allCases)
    func replaceNeverEmptiesAFolderThatHoldsOnlyHiddenFiles(_ folder: HiddenFolder) async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        for (path, text) in folder.files { try workspace.write(Data(text.utf8), to: "site/" + path) }
        let error = await #expect(throws: Diagnostic.self) { try await workspace.importSite(.jekyll, replace: true) }
        let names = folder.files.keys.map { String($0.prefix { $0 != "/" }) }
        #expect(error?.message == "site is not a site an earlier import wrote (it holds \(Set(names).sorted().joined(separator: ", ")) and no import-report.json); it was left as it is")
        for (path, text) in folder.files { #expect(try workspace.read(path) == text) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root).sorted() == ["site", "source"])
    }

    @Test func replaceStillTakesAnEmptyFolder() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try FileManager.default.createDirectory(atPath: workspace.site, withIntermediateDirectories: true)
        try await workspace.importSite(.jekyll, replace: true)
        #expect(workspace.exists("import-report.json"))
    }

    /// Replacing an earlier import deletes that folder as a build deletes an output: a file system
    /// someone mounted inside it is neither entered nor emptied.
    @Test(.enabled(if: Self.mountingIsPermitted, "mounting needs root and a kernel that lets it"))
    func replacingAnEarlierImportNeverEmptiesAFileSystemMountedInIt() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try await workspace.importSite(.jekyll)
        let mounted = workspace.root + "/mounted"
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: mounted + "/keep.txt"))
        try FileManager.default.createDirectory(atPath: workspace.site + "/data", withIntermediateDirectories: true)
        #expect(Self.run("/bin/mount", ["--bind", mounted, workspace.site + "/data"]) == 0)
        defer {
            for folder in (try? FileManager.default.contentsOfDirectory(atPath: workspace.root)) ?? [] {
                _ = Self.run("/bin/umount", [workspace.root + "/" + folder + "/data"])
            }
        }
        let error = await #expect(throws: Diagnostic.self) { try await workspace.importSite(.jekyll, replace: true) }
        #expect(error?.message == "\(Paths.resolved(workspace.site))/data is a mount point inside site: --replace replaces that folder as a whole, and never moves or empties a mounted file system")
        #expect(try String(contentsOfFile: mounted + "/keep.txt", encoding: .utf8) == "mine\n")
        // Were it let through (the deletion of a replaced import is the build's), the mount is still never emptied.
        FileIO.removeTree(workspace.site)
        #expect(try String(contentsOfFile: mounted + "/keep.txt", encoding: .utf8) == "mine\n")
    }

    static let mountingIsPermitted: Bool = {
        guard getuid() == 0 else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-mount-probe-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder]) == 0 else { return false }
        _ = run("/bin/umount", [folder])
        return true
    }()

    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    // MARK: - Symlinks that leave the source

    @Test(arguments: [SourceDialect.hugo, .jekyll])
    func symlinksThatLeaveTheSourceAreReportedAndNeverRead(_ dialect: SourceDialect) async throws {
        let workspace = try ImportWorkspace(fixture: dialect == .hugo ? "hugo-blog" : "jekyll-blog")
        // A secret beside the source, only its owner may read it; a folder of them too.
        let secret = "---\ntitle: Private key\n---\nSECRET-7f3a\n"
        try workspace.write(Data(secret.utf8), to: "private/key.md")
        try workspace.write(Data("SECRET-7f3a\n".utf8), to: "private/notes/token.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: workspace.root + "/private/key.md")
        let posts = dialect == .hugo ? "content/posts" : "_posts"
        let files = dialect == .hugo ? "static" : "images"
        let links = [
            "\(posts)/\(dialect == .hugo ? "" : "2024-01-01-")leak.md": workspace.root + "/private/key.md",   // absolute
            "\(posts)/\(dialect == .hugo ? "" : "2024-01-02-")relative.md": dialect == .hugo ? "../../../private/key.md" : "../../private/key.md",
            "\(files)/private": workspace.root + "/private/notes",                                          // a folder
            "\(files)/token.txt": workspace.root + "/private/notes/token.txt",                                // a static file
        ]
        for (path, target) in links {
            try FileManager.default.createDirectory(atPath: Paths.parent(of: workspace.source + "/" + path), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: workspace.source + "/" + path, withDestinationPath: target)
        }
        // A link that stays inside the source is followed, as before.
        try FileManager.default.createSymbolicLink(atPath: workspace.source + "/\(files)/inside.txt",
                                                   withDestinationPath: dialect == .hugo ? "robots.txt" : "../notes.txt")

        let report = try await workspace.importSite(dialect)

        let leaked = workspace.files(under: ".").filter { path in
            (try? String(contentsOfFile: workspace.site + "/" + path, encoding: .utf8))?.contains("SECRET-7f3a") ?? false
        }
        #expect(leaked.isEmpty, "files of the new site holding the secret: \(leaked)")
        let realRoot = URL(fileURLWithPath: workspace.root).resolvingSymlinksInPath().path
        let lines = report.notes.filter { $0.message.contains("a symlink that leads outside the site") }.map(\.headline)
        #expect(lines == links.keys.sorted().map { path in
            let target = links[path]!.hasPrefix("/") ? URL(fileURLWithPath: links[path]!).resolvingSymlinksInPath().path : realRoot + "/private/key.md"
            return "source/\(path):1:1: problem: \(path): a symlink that leads outside the site, to \(target): not read, not imported"
        })
        let inside = dialect == .hugo ? "content/inside.txt" : "content/images/inside.txt"
        #expect(workspace.exists(inside), "a symlink inside the source is followed")
        let type = try FileManager.default.attributesOfItem(atPath: workspace.site + "/" + inside)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "copied as the file it leads to, not as a link back into the source")
    }

    @Test func aSettingsFileThatLeadsOutsideIsNeverRead() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: ["content/posts/a.md": "---\ntitle: A\n---\nA.\n"])
        try workspace.write(Data("title = \"Elsewhere\"\n".utf8), to: "elsewhere.toml")
        try FileManager.default.createSymbolicLink(atPath: workspace.source + "/hugo.toml", withDestinationPath: workspace.root + "/elsewhere.toml")
        let error = await #expect(throws: Diagnostic.self) { try await workspace.importSite(.hugo) }
        #expect(error?.hint == "hugo.toml is a symlink that leads outside the site, to \(URL(fileURLWithPath: workspace.root).resolvingSymlinksInPath().path)/elsewhere.toml: it is never read; "
                + "give the folder that holds the site's configuration; for a Jekyll site, use 'cellar import jekyll'")
        #expect(!workspace.exists("."))
    }

    @Test func aConfigFolderFileThatLeadsOutsideIsNeverRead() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config/_default/hugo.toml": "title = \"Inside\"\n", "content/posts/a.md": "---\ntitle: A\n---\nA.\n",
        ])
        try workspace.write(Data("title = \"SECRET-7f3a\"\n".utf8), to: "elsewhere.toml")
        try FileManager.default.createSymbolicLink(atPath: workspace.source + "/config/_default/params.toml",
                                                   withDestinationPath: workspace.root + "/elsewhere.toml")
        let report = try await workspace.importSite(.hugo)
        #expect(try !workspace.read("content/_index.md").contains("SECRET"))
        #expect(report.notes.contains { $0.headline.hasPrefix("source/config/_default/params.toml:1:1: problem: config/_default/params.toml: a symlink that leads outside the site") })
    }

    @Test func noImportedFileIsMoreReadableThanItsSource() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: workspace.source + "/content/posts/evening.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: workspace.source + "/static/images/logo.svg")
        // A link inside the source: the file it leads to decides, not the link's own bits (0777).
        try workspace.write(Data("mine\n".utf8), to: "source/static/mine.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: workspace.source + "/static/mine.txt")
        try FileManager.default.createSymbolicLink(atPath: workspace.source + "/static/alias.txt", withDestinationPath: "mine.txt")
        try await workspace.importSite(.hugo)
        #expect(try Self.mode(workspace.site + "/content/alias.txt") & 0o077 == 0)
        #expect(try Self.mode(workspace.site + "/content/posts/evening.md") & 0o077 == 0)
        #expect(try Self.mode(workspace.site + "/content/images/logo.svg") & 0o037 == 0)
        // Files made from readable sources stay readable (as the umask has them).
        #expect(try Self.mode(workspace.site + "/content/posts/first-light.md") & 0o600 == 0o600)
    }

    // MARK: - The destination inside the source

    @Test(arguments: ["source/content/nested", "source", "./source/new", "via-link/new"])
    func aDestinationInsideTheSourceIsRefusedAndTheSourceLeftAlone(_ destination: String) async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        try FileManager.default.createSymbolicLink(atPath: workspace.root + "/via-link", withDestinationPath: workspace.source)
        let before = try workspace.sourceSnapshot()
        var options = workspace.options(.hugo, replace: true)
        options.destination = destination
        let error = await #expect(throws: Diagnostic.self) { try await SiteImporter(options: options).run() }
        if destination == "source" {
            #expect(error?.message == "source holds the site being imported")
        } else {
            #expect(error?.message == "\(destination) is inside the site being imported, source: the import never changes its source")
            #expect(error?.hint == "write the new site to a folder outside source")
        }
        #expect(try workspace.sourceSnapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root).sorted() == ["source", "via-link"])
    }

    @Test func aDestinationThatHoldsTheSourceThroughASymlinkIsRefused() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        try FileManager.default.createSymbolicLink(atPath: workspace.root + "/top", withDestinationPath: workspace.root)
        var options = workspace.options(.hugo, replace: true)
        options.destination = "top"
        let error = await #expect(throws: Diagnostic.self) { try await SiteImporter(options: options).run() }
        #expect(error?.message == "top holds the site being imported")
    }

    // MARK: - Helpers

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
