import Foundation
import Testing

/// Files and folders the user may not read are named as such — the file, or the folder that
/// cannot be entered — never "not found". Run as an unprivileged user (root reads anything): as
/// `nobody` through `setpriv` when the tests run as root.
@Suite(.serialized, .enabled(if: CellarProcess.executable != nil && AsAnotherUser.isPossible,
                             "needs the cellar executable, and, when running as root, setpriv and an executable other users can reach"))
struct UnreadableInputTests {
    @Test func anUnreadableContentFileIsNamedWithAHintAboutTheFile() async throws {
        let (folder, site) = try await AsAnotherUser.site()
        #expect(try await AsAnotherUser.build(site).status == 0)
        chmod(site + "/content/posts/hello-world.md", 0o000)
        let run = try await AsAnotherUser.build(site)
        #expect(run.status == 1)
        #expect(run.err == """
            site/content/posts/hello-world.md:1:1: error: cannot read the file: Permission denied
              hint: the file is not readable by you: chmod u+r site/content/posts/hello-world.md
            1 error; site/public/ is as it was.

            """)
        withExtendedLifetime(folder) {}
    }

    @Test func anUnreadableThemesFolderIsNotAMissingTheme() async throws {
        let (folder, site) = try await AsAnotherUser.site()
        chmod(site + "/themes", 0o000)
        defer { chmod(site + "/themes", 0o755) }
        let run = try await AsAnotherUser.build(site)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("error: cannot read the theme folder site/themes/default/: Permission denied\n"), "\(run.err)")
        #expect(run.err.contains("hint: you may not enter the folder \(site)/themes (it lacks the x permission for you)"), "\(run.err)")
        #expect(!run.err.contains("not found"))
        withExtendedLifetime(folder) {}
    }

    /// A theme folder that cannot be listed is not an empty one: no shortcodes, silently, would
    /// turn every shortcode call into an "unknown shortcode".
    @Test func anUnreadableShortcodesFolderIsNamed() async throws {
        let (folder, site) = try await AsAnotherUser.site()
        chmod(site + "/themes/default/shortcodes", 0o000)
        defer { chmod(site + "/themes/default/shortcodes", 0o755) }
        let run = try await AsAnotherUser.build(site)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("site/themes/default/shortcodes:1:1: error: cannot read the folder site/themes/default/shortcodes/: Permission denied\n"),
                "\(run.err)")
        #expect(run.err.contains("hint: "), "\(run.err)")
        #expect(!run.err.contains("unknown shortcode"))
        withExtendedLifetime(folder) {}
    }

    /// Every theme file but the assets is part of the theme's fingerprint: one that cannot be read
    /// (here a language the site does not use, which nothing else reads) is an error at the file,
    /// not a hole through which its next edit would go unnoticed.
    @Test func anUnreadableThemeFileIsNamedNotLeftOutOfTheFingerprint() async throws {
        let (folder, site) = try await AsAnotherUser.site()
        #expect(try await AsAnotherUser.build(site).status == 0)
        chmod(site + "/themes/default/i18n/de.yml", 0o000)
        let run = try await AsAnotherUser.build(site)
        #expect(run.status == 1)
        #expect(run.err == """
            site/themes/default/i18n/de.yml:1:1: error: cannot read the file: Permission denied
              hint: the file is not readable by you: chmod u+r site/themes/default/i18n/de.yml
            1 error; site/public/ is as it was.

            """)
        withExtendedLifetime(folder) {}
    }
}

enum AsAnotherUser {
    static let isRoot = getuid() == 0
    /// As root, the other user must be able to reach the executable: a checkout inside a folder
    /// only its owner may enter (`mktemp -d` makes one, mode 0700) hides it from `nobody`.
    static let isPossible = !isRoot
        || (FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") && CellarProcess.executable.map(othersCanReach) == true)

    private static func othersCanReach(_ path: String) -> Bool {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while true {
            var status = stat()
            guard stat(folder.path, &status) == 0, status.st_mode & 0o001 != 0 else { return false }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return true }
            folder = parent
        }
    }
    static let prefix = isRoot ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []

    /// A new site in a folder the other user owns.
    static func site() async throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        if isRoot {
            for path in [folder.path] + FolderSnapshot.paths(folder.path).map({ folder.path + "/" + $0 }) {
                chown(path, 65534, 65534)
            }
        }
        return (folder, site)
    }

    static func build(_ site: String) async throws -> CellarProcess.Outcome {
        let folder = URL(fileURLWithPath: site).deletingLastPathComponent().path
        return try await CellarProcess.run(["build", "--site", "site"], prefix: prefix, in: folder)
    }
}
