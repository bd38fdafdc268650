import CellarDefaultTheme
import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

/// `cellar new site DIR`: a site that builds at once, never over someone's files.
@Suite struct SiteScaffolderTests {
    @Test func aNewSiteBuildsAndChecksWithoutASingleProblem() async throws {
        let site = try TemporarySite.scaffolded()
        let report = try await site.build()
        #expect(report.diagnostics.isEmpty)
        #expect(report.items == 2)
        #expect(site.output("posts/hello-world/index.html")?.contains("<h1>Hello, world</h1>") == true)
        #expect(site.output("css/cellar.css") != nil)
        let check = await site.check()
        #expect(check.diagnostics.isEmpty)
        #expect(check.built && check.pages == report.pages)
    }

    @Test func itWritesSettingsASectionAFirstPostAndTheTheme() throws {
        let site = try TemporarySite(theme: .none)
        let result = try SiteScaffolder(directory: "my-notes", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root, now: TemporarySite.fixedNow).scaffold()
        #expect(result.directory == site.root + "/my-notes")
        #expect(result.files == ([".gitignore", "content/_index.md", "content/about.md", "content/posts/_index.md", "content/posts/hello-world.md"]
            + DefaultTheme.paths.map { "themes/default/" + $0 }).sorted())
        #expect(try site.read("my-notes/content/_index.md").hasPrefix("""
            ---
            title: "My notes"
            description: A new site made with Cellar.
            base_url: https://example.org/   # where the site will be published
            language: en
            menu: [posts, about]             # the navigation: sections, pages and links
            ---
            """))
        #expect(try site.read("my-notes/content/posts/_index.md").contains("kind: article\n"))
        #expect(try site.read("my-notes/content/posts/hello-world.md").hasPrefix("---\ntitle: Hello, world\ndate: 2030-01-01\ntags: [cellar]\n---\n"))
        #expect(try site.read("my-notes/.gitignore") == "public/\n.cellar-cache/\n")
    }

    @Test func aFolderThatIsNotEmptyIsRefusedAndLeftAsItWas() throws {
        let site = try TemporarySite(files: ["mysite/notes.txt": "mine", "mysite/drafts/a.md": "mine too"], theme: .none)
        let scaffolder = SiteScaffolder(directory: "mysite", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root)
        let error = #expect(throws: Diagnostic.self) { try scaffolder.scaffold() }
        #expect(error?.description == """
            error: mysite/ is not empty (it holds drafts, notes.txt)
              hint: create the site in a new folder, or in an empty one (dotfiles such as .git may stay)
            """)
        #expect(!site.exists("mysite/content") && !site.exists("mysite/themes"))
    }

    @Test func aFolderWithOnlyDotfilesIsFineAndItsGitignoreIsKept() throws {
        let site = try TemporarySite(files: ["mysite/.git/HEAD": "ref: refs/heads/main\n", "mysite/.gitignore": "*.log\n"],
                                     theme: .none)
        let result = try SiteScaffolder(directory: "mysite", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root).scaffold()
        #expect(!result.files.contains(".gitignore"))
        #expect(try site.read("mysite/.gitignore") == "*.log\n")
        #expect(site.exists("mysite/content/_index.md") && site.exists("mysite/themes/default/layouts/base.html"))
    }

    @Test func aFileInTheWayIsRefused() throws {
        let site = try TemporarySite(files: ["mysite": "a file"], theme: .none)
        let error = #expect(throws: Diagnostic.self) {
            try SiteScaffolder(directory: "mysite", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root).scaffold()
        }
        #expect(error?.description == "error: mysite exists and is not a folder\n  hint: choose a new folder name for the site")
    }
}
