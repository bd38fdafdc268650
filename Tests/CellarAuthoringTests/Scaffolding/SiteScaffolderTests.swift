import CellarDefaultTheme
import CellarDiagnostics
@testable import CellarAuthoring
@testable import CellarEngine
import CellarSiteTestSupport
import CellarTree
import CellarYAML
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
        #expect(result.files == ([".github/workflows/deploy.yml", ".gitignore", "content/_index.md", "content/about.md",
                                  "content/posts/_index.md", "content/posts/hello-world.md"]
            + DefaultTheme.paths.map { "themes/default/" + $0 }).sorted())
        #expect(try site.read("my-notes/content/_index.md").hasPrefix("""
            ---
            title: "My notes"
            description: A new site made with Cellar.
            base_url: https://example.org/   # where the site will be published
            language: en
            menu: [posts, about, tags]       # the navigation, all of it: sections, pages, tags and links
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

    // MARK: - The deploy workflow

    @Test func theDeployWorkflowInstallsThePinnedReleaseAndBuildsWithPagesAddress() throws {
        let site = try TemporarySite(theme: .none)
        _ = try SiteScaffolder(directory: "blog", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root).scaffold()
        let text = try site.read("blog/.github/workflows/deploy.yml")
        let workflow = try #require(try YAMLParser().parse(text, file: "deploy.yml"))
        #expect(workflow["on"]?["push"]?["branches"]?.items?.map(\.scalar) == ["main"])
        #expect(workflow["env"]?["CELLAR_VERSION"]?.scalar == CellarVersion.current)
        #expect(workflow["permissions"]?["pages"]?.scalar == "write" && workflow["permissions"]?["id-token"]?.scalar == "write")
        let build = try #require(workflow["jobs"]?["build"])
        #expect(build["container"]?.scalar == "debian:bookworm")
        let steps = try #require(build["steps"]?.items)
        let runs = steps.compactMap { $0["run"]?.scalar }
        let uses = steps.compactMap { $0["uses"]?.scalar }
        #expect(runs.count == 2)
        #expect(runs.first?.contains(
            "curl -fsSL -o /tmp/cellar.deb \"https://github.com/cellar-ssg/cellar/releases/download/v${CELLAR_VERSION}/cellar_${CELLAR_VERSION}_amd64.deb\"\n"
            + "apt-get install -y /tmp/cellar.deb\n") == true)
        #expect(runs.last == "cellar build --base-url \"${{ steps.pages.outputs.base_url }}/\"")
        #expect(runs.allSatisfy { !$0.lowercased().contains("swift") }, "a site's repository builds with the installed cellar, never with Swift")
        #expect(uses == ["actions/checkout@v4", "actions/configure-pages@v5", "actions/upload-pages-artifact@v3"])
        #expect(steps.last?["with"]?["path"]?.scalar == "public")
        #expect(workflow["jobs"]?["deploy"]?["needs"]?.scalar == "build")
        #expect(workflow["jobs"]?["deploy"]?["steps"]?.items?.first?["uses"]?.scalar == "actions/deploy-pages@v4")
    }

    @Test func theWorkflowIsPinnedToTheVersionItIsGiven() throws {
        let text = DeployWorkflow.text(cellarVersion: "9.8.7")
        #expect(text.contains("  CELLAR_VERSION: \"9.8.7\""))
        #expect(!text.contains(CellarVersion.current))
    }

    @Test func aSiteWithItsWorkflowStillBuildsAndTheWorkflowIsNotPublished() async throws {
        let site = try TemporarySite.scaffolded()
        #expect(site.exists(DeployWorkflow.path))
        let report = try await site.build()
        #expect(report.diagnostics.isEmpty)
        #expect(site.output("posts/hello-world/index.html") != nil)
        #expect(site.output(".github/workflows/deploy.yml") == nil && site.output("deploy.yml") == nil)
    }

    @Test func withoutTheWorkflowThereIsNoGithubFolder() throws {
        let site = try TemporarySite(theme: .none)
        let result = try SiteScaffolder(directory: "plain", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root,
                                        deployWorkflow: false).scaffold()
        #expect(!result.files.contains { $0.hasPrefix(".github/") })
        #expect(!site.exists("plain/.github"))
        #expect(site.exists("plain/content/posts/hello-world.md"))
    }

    @Test func aWorkflowAlreadyInTheRepositoryIsKept() throws {
        let mine = "name: Mine\non: push\njobs: {}\n"
        let site = try TemporarySite(files: ["mysite/.github/workflows/deploy.yml": mine], theme: .none)
        let result = try SiteScaffolder(directory: "mysite", theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: site.root).scaffold()
        #expect(!result.files.contains(DeployWorkflow.path))
        #expect(try site.read("mysite/.github/workflows/deploy.yml") == mine)
    }

    @Test func theManualShowsTheWorkflowAsItIsWritten() throws {
        let readme = try String(contentsOfFile: TemporarySite.repository + "/docs/content/guide/deploy.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## GitHub Pages\n"))
        let start = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        let written = DeployWorkflow.text().split(separator: "\n", omittingEmptySubsequences: false)
            .drop(while: { $0.hasPrefix("#") }).joined(separator: "\n")
        #expect(shown == written)
    }
}
