import CellarDiagnostics
@testable import CellarImport
import Foundation
import Testing

/// The shapes Hugo sites come in: configuration in YAML, JSON or `config/_default/`, nested
/// sections (branch bundles), pages at the top that are bundles.
@Suite struct HugoSiteShapesTests {
    @Test func aYAMLConfigurationIsReadWithKeysInAnyCase() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.yaml": "BaseURL: https://y.example.org/\nTitle: Yaml site\nLanguageCode: fr\nPermalinks:\n  notes: /n/:slug/\n",
            "content/notes/a.md": "---\nTitle: A\nDate: 2021-01-01\n---\nA.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/_index.md").hasPrefix("---\ntitle: \"Yaml site\"\nbase_url: https://y.example.org/\nlanguage: fr\n"))
        #expect(try workspace.read("content/notes/_index.md") == "---\ntitle: \"Notes\"\nkind: article\npermalink: /n/:slug/\n---\n")
        #expect(report[.urlsKept] == 1)
    }

    @Test func theFilesOfConfigDefaultAreMergedUnderTheirNames() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config/_default/hugo.toml": "baseURL = \"https://d.example.org/\"\ntitle = \"Split config\"\n",
            "config/_default/params.toml": "description = \"From params.toml\"\n",
            "config/_default/menus.toml": "[[main]]\nname = \"Notes\"\nurl = \"/notes/\"\nweight = 1\n",
            "config/_default/permalinks.json": "{\"notes\": \"/:year/:slug/\"}\n",
            "content/notes/a.md": "---\ntitle: A\ndate: 2021-01-01\n---\nA.\n",
        ])
        try await workspace.importSite(.hugo)
        let settings = try workspace.read("content/_index.md")
        #expect(settings.contains("title: \"Split config\"\ndescription: \"From params.toml\"\nbase_url: https://d.example.org/\n"))
        #expect(settings.contains("menu:\n  - {section: notes, label: \"Notes\"}\n"))
        #expect(try workspace.read("content/notes/_index.md").contains("permalink: /:year/:slug/\n"))
    }

    @Test func branchBundlesAreNestedSectionsAndTopLevelBundlesArePages() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config.toml": "title = \"Docs\"\n",
            "content/docs/_index.md": "---\ntitle: Documentation\n---\nRead these.\n",
            "content/docs/guides/_index.md": "---\ntitle: Guides\ndescription: Step by step.\n---\n",
            "content/docs/guides/install.md": "---\ntitle: Install\n---\nRun it.\n",
            "content/docs/guides/diagram.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            "content/docs/faq.md": "---\ntitle: FAQ\n---\nAsk.\n",
            "content/about/index.md": "---\ntitle: About\n---\n![Portrait](me.svg)\n",
            "content/about/me.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(workspace.files(under: "content") == [
            "_index.md", "about/index.md", "about/me.svg", "docs/_index.md", "docs/faq.md", "docs/guides/_index.md",
            "docs/guides/diagram.svg", "docs/guides/install.md",
        ])
        #expect(try workspace.read("content/docs/guides/_index.md") == "---\ntitle: \"Guides\"\ndescription: \"Step by step.\"\nkind: article\n---\n")
        #expect(report[.sections] == 2 && report[.pages] == 1 && report[.urlsKept] == 3)
        try await workspace.build()
        for page in ["docs/", "docs/guides/", "docs/guides/install/", "docs/faq/", "about/"] {
            #expect(workspace.exists("public/" + page + "index.html"), "\(page) is missing")
        }
        #expect(workspace.exists("public/about/me.svg") && workspace.exists("public/docs/guides/diagram.svg"))
    }

    @Test func translationsAreImportedAndOtherFormatsLeftOutAndSaidSo() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config.toml": "title = \"Two languages\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
            "content/posts/hello.md": "---\ntitle: Hello\n---\nHi.\n",
            "content/posts/hello.fr.md": "---\ntitle: Bonjour\n---\nSalut.\n",
            "content/posts/notes.org": "#+TITLE: Notes\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(workspace.files(under: "content").contains("posts/hello.fr.md"))
        #expect(report.notes.map(\.headline).filter { $0.contains("hello.fr") || $0.contains("notes.org") } == [
            "source/content/posts/notes.org:1:1: problem: content/posts/notes.org: Cellar reads Markdown, not .org",
        ])
    }
}
