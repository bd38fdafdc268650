import CellarDiagnostics
@testable import CellarImport
import Foundation
import Testing

/// Shapes real Hugo and Jekyll sites have that kept their imports from building: Hugo's shortcode
/// syntax, heading ids as the source made them, links to Markdown files, `contentDir` per language,
/// pages Hugo never renders. Every fixture is written for the test.
@Suite struct RealSiteShapesTests {
    /// The errors `cellar check` found in the new site, after the import.
    private func errors(_ report: ImportReport) -> [String] {
        (report.check?.diagnostics ?? []).filter { $0.severity == .error }.map(\.description)
    }

    private func warnings(_ report: ImportReport) -> [String] {
        (report.check?.diagnostics ?? []).filter { $0.severity == .warning }.map(\.description)
    }

    @Test func shortcodesWrittenAsHugoAcceptsThemBuild() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Shots\"\n",
            "content/posts/trip/index.md": """
                ---
                title: Trip
                date: 2024-05-01
                ---
                {{< figure src= "lake.png" title = "Lake" caption="At *dawn*" class="wide" >}}

                {{< figure src="lake.png" alt = `A lake, "calm"` link="https://example.org/" target="_blank" >}}

                {{< youtube id="abcdefghijk" autoplay="true" >}}

                """,
            "content/posts/trip/lake.png": "not really a picture",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(errors(report) == [])
        #expect(report.check?.diagnostics.map(\.message) == ["shortcode 'figure' shows the image 'lake.png' without alt text"])
        try await workspace.build()
        let page = try workspace.read("public/posts/trip/index.html")
        #expect(page.contains("<figure class=\"embed embed-figure wide\"><img src=\"/posts/trip/lake.png\" alt=\"\" loading=\"lazy\"><figcaption><h4>Lake</h4><p>At <em>dawn</em></p></figcaption></figure>"))
        #expect(page.contains("alt=\"A lake, &quot;calm&quot;\""))
    }

    @Test func headingIdsAreTheOnesHugosLinksWereWrittenFor() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Notes\"\n[markup.goldmark.renderer]\nunsafe = true\n",
            "content/news/release.md": """
                ---
                title: Release
                date: 2024-05-01
                ---
                ## Contributors to 1.31.0

                ## Notes {#release-notes .wide}

                See [who](#contributors-to-1310), [the notes](#release-notes) and [the guide](/docs/guide/#step---two).

                """,
            "content/docs/guide.md": "---\ntitle: Guide\n---\n## Step - two\n\n<span id=\"def-bundle\">bundle</span> and [it](#def-bundle).\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/_index.md").contains("markdown: {unsafe: true, anchors: github, definitions: true}"))
        #expect(errors(report) == [])
    }

    @Test func kramdownHeadingIdsMoveOntoTheirHeadings() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Changes\nkramdown:\n  input: kramdown\n",
            "changes.md": """
                ---
                title: Changes
                ---
                ## 1.0.0 / 2024-01-02
                {: #v1-0-0}

                Fixes
                -----
                {: #fixes-v1-0-0 .small}

                Text.
                {: .note}

                ## 3. Setup ##

                """,
            "_posts/2024-01-03-one.md": "---\ntitle: One\n---\nSee [the changes](/changes.html#v1-0-0), [fixes](/changes.html#fixes-v1-0-0) and [setup](/changes.html#setup).\n",
        ])
        let report = try await workspace.importSite(.jekyll)
        let body = try workspace.read("content/changes.md")
        #expect(body.hasSuffix("---\n## 1.0.0 / 2024-01-02 {#v1-0-0}\n\nFixes {#fixes-v1-0-0 .small}\n-----\n\nText.\n{: .note}\n\n## 3. Setup ##\n"))
        #expect(try workspace.read("content/_index.md").contains("markdown: {unsafe: true, anchors: kramdown}"))
        #expect(report.notes.filter { $0.action == .problem && $0.topic == .markup }.map(\.message) == [
            "the kramdown attribute list {: .note} shows as text in CommonMark",
        ])
        #expect(errors(report) == [])
    }

    @Test func linksToMarkdownFilesLeadWhereTheFilesWent() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Blog\n",
            "_posts/2016-01-29-first.md": "---\ntitle: First\n---\nNext: [second](2016-02-01-second.md), [again](./2016-02-01-second.md#end).\n",
            "_posts/2016-02-01-second.md": "---\ntitle: Second\n---\n## End\n\nBack to [first](../_posts/2016-01-29-first.md) and [the guide](docs/guide.md).\n",
            "docs/guide.md": "---\ntitle: Guide\n---\nRead [the first post](../_posts/2016-01-29-first.md) or [nothing](missing.md).\n\nBy its name: [second](2016-02-01-second.md).\n",
        ])
        let report = try await workspace.importSite(.jekyll)
        // Beside each other in the source and in the new site: kept as written.
        #expect(try workspace.read("content/posts/2016-01-29-first.md").hasSuffix(
            "Next: [second](2016-02-01-second.md), [again](./2016-02-01-second.md#end).\n"))
        #expect(try workspace.read("content/posts/2016-02-01-second.md").hasSuffix(
            "Back to [first](/posts/2016-01-29-first.md) and [the guide](docs/guide.md).\n"))
        #expect(try workspace.read("content/docs/guide.md").hasSuffix(
            "Read [the first post](/posts/2016-01-29-first.md) or [nothing](missing.md).\n\nBy its name: [second](/posts/2016-02-01-second.md).\n"))
        // The source's broken links: the new site says links: {broken: warning}, and check reports them as the build does.
        #expect(errors(report) == [])
        #expect(warnings(report).map { $0.components(separatedBy: ": warning: ").last?.replacingOccurrences(of: workspace.site + "/", with: "") ?? "" } == [
            "file 'missing.md' not found; looked for content/docs/missing.md\n  hint: paths without a leading '/' are relative to the item's folder",
            "file 'docs/guide.md' not found; looked for content/posts/docs/guide.md\n  hint: paths without a leading '/' are relative to the item's folder",
        ])
    }

    @Test(arguments: [
        "defaultContentLanguage = \"en\"\n[languages.en]\ncontentDir = \"content/en\"\n[languages.de]\ncontentDir = \"content/de\"\n",
        "[languages.en]\nweight = 1\n[languages.de]\nweight = 2\n[[module.mounts]]\nsource = \"content/en\"\ntarget = \"content\"\nlang = \"en\"\n"
            + "[[module.mounts]]\nsource = \"content/de\"\ntarget = \"content\"\n[module.mounts.sites.matrix]\nlanguages = [\"de\"]\n",
    ])
    func aContentFolderPerLanguageIsReadAsTheSiteNotAsSections(_ languages: String) async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Two\"\n" + languages,
            "content/en/_index.md": "---\ntitle: Home\n---\nWelcome.\n",
            "content/en/posts/hello.md": "---\ntitle: Hello\ndate: 2024-01-02\n---\nHi, see [there](../there/).\n",
            "content/en/posts/there/index.md": "---\ntitle: There\ndate: 2024-01-03\n---\nHere.\n",
            "content/en/posts/there/index.de.md": "---\ntitle: Dort\n---\nHier.\n",
            "content/en/posts/there/map.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            "content/de/posts/hallo.md": "---\ntitle: Hallo\n---\nHallo.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        // The German folder's pages are translations beside the English ones, never a section "de".
        #expect(workspace.files(under: "content") == ["_index.md", "posts/_index.md", "posts/hallo.de.md", "posts/hello.md",
                                                      "posts/there/index.de.md", "posts/there/index.md", "posts/there/map.svg"])
        #expect([report[.posts], report[.urlsKept], report[.urlsVerified], report[.sections]] as [Int] == [4, 4, 4, 1])
        #expect(errors(report) == [])
        try await workspace.build()
        for page in ["posts/hello/", "posts/there/", "de/posts/hallo/", "de/posts/there/"] {
            #expect(workspace.exists("public/" + page + "index.html"), "\(page) is missing")
        }
    }

    /// Pages Hugo never renders are snippets other pages include (hugoDocs' `_common`, through an
    /// `include` shortcode of the site's): they go, body only, to folders of snippets (`_…`), which
    /// Cellar never publishes, and `{{% include %}}` calls draw them with Cellar's built-in include.
    @Test func pagesHugoNeverRendersAreSnippetsForIncludes() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Parts\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-02\n---\nSee [the note](#the-note).\n\n{{% include \"/snippets/note.md\" %}}\n",
            "content/snippets/_index.md": "---\ntitle: Snippets\ncascade:\n  build:\n    render: never\n    list: never\n---\n",
            "content/snippets/note.md": "---\ntitle: Note\n---\n## The note\n\nBack to [A](/posts/a/).\n",
            "content/gallery/index.md": "---\ntitle: Gallery\nheadless: true\n---\n",
            "content/gallery/one.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            "content/draft-ish.md": "---\ntitle: Hidden\nbuild:\n  render: never\n---\n",
            "static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(!workspace.files(under: "content").contains { $0.hasPrefix("gallery/") || $0.hasPrefix("snippets/note") || $0.hasPrefix("draft-ish") })
        #expect(workspace.files(under: "content").filter { $0.hasPrefix("_") && $0 != "_index.md" }.sorted()
                    == ["_gallery/index.md", "_snippets/draft-ish.md", "_snippets/note.md"])
        #expect(try workspace.read("content/_snippets/note.md") == "---\ntitle: \"Note\"\n---\n## The note\n\nBack to [A](/posts/a/).\n")
        #expect(try workspace.read("content/posts/a.md").hasSuffix("See [the note](#the-note).\n\n{{< include \"/_snippets/note.md\" >}}\n"))
        #expect(report.notes.filter { $0.topic == .page && $0.message.contains("renders no page") }.map(\.message) == [
            "content/draft-ish.md: Hugo renders no page of it (build: {render: never}); written to content/_snippets/draft-ish.md, a folder of snippets that {{< include >}} draws from and that is never published",
            "content/gallery/index.md: Hugo renders no page of it (headless: true); written to content/_gallery/index.md, a folder of snippets that {{< include >}} draws from and that is never published",
            "content/snippets/note.md: Hugo renders no page of it (the cascade of content/snippets/_index.md); written to content/_snippets/note.md, a folder of snippets that {{< include >}} draws from and that is never published",
        ])
        try await workspace.build()
        let page = try workspace.read("public/posts/a/index.html")
        #expect(page.contains("id=\"the-note\"") && page.contains("Back to"))
        #expect(!workspace.exists("public/_snippets") && !workspace.exists("public/snippets/note/index.html"))
        // The site's own favicon is served, not the theme's.
        #expect(errors(report) == [])
        #expect(!workspace.exists("themes/default/assets/favicon.svg") && workspace.exists("content/favicon.svg"))
    }

    @Test func aJekyllSitesFeedAndPostListKeepTheirAddresses() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Log\npermalink: /blog/:year/:title/\n",
            "_posts/2024-01-03-one.md": "---\ntitle: One\n---\nSee <a href=\"{% link about.md %}\">about</a> and [the start]({{ '/start/' | relative_url }}).\n",
            "blog/index.html": "---\nlayout: default\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
            "atom.xml": "---\nlayout: null\n---\n<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">{% for post in site.posts %}{% endfor %}</feed>\n",
            "about.md": "---\ntitle: About\npermalink: /\nredirect_from: [/start/]\n---\nHello.\n",
        ])
        let report = try await workspace.importSite(.jekyll)
        #expect(workspace.files(under: "content").contains("blog/2024-01-03-one.md"))
        #expect(try workspace.read("content/_index.md").contains("feed_aliases: [/atom.xml]"))
        #expect(try workspace.read("content/blog/2024-01-03-one.md").hasSuffix("See <a href=\"/\">about</a> and [the start](/).\n"))
        #expect(errors(report) == [])
        try await workspace.build()
        #expect(workspace.exists("public/blog/index.html") && workspace.exists("public/blog/2024/one/index.html"))
        #expect(try workspace.read("public/atom.xml").contains("<feed"))
    }

    @Test func imagesComeFromTheThemeAndThoseNowhereAreReportedNotFatal() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Pics\"\ntheme = \"paper\"\n[uglyURLs]\nposts = true\n",
            "themes/paper/static/images/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            "themes/paper/static/images/shared.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"theme\"/>\n",
            "themes/paper/layouts/index.html": "<html></html>\n",
            "static/images/shared.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"site\"/>\n",
            "content/posts/a.md": """

                ---
                title: A
                date: 2024-02-03
                ---
                ![Logo](/images/logo.svg)

                {{< figure src="/images/shared.svg" alt="Shared" >}}

                {{< figure src="/images/gone.png" alt="Gone [1]" >}}

                """,
            "content/notes/b.md": "---\ntitle: B\ndate: 2024-02-04\n---\nB.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/images/shared.svg").contains("site"))
        #expect(workspace.exists("content/images/logo.svg"))
        #expect(try workspace.read("content/posts/a.md").hasSuffix("![Gone \\[1\\]](</images/gone.png>)\n"))
        #expect(report.notes.contains { $0.action == .problem && $0.message.hasPrefix("the image /images/gone.png of {{< figure >}} is nowhere in the source") })
        // The front matter after a blank line is read, as Hugo reads it; a section with uglyURLs keeps its .html by an alias.
        #expect(try workspace.read("content/posts/a.md").contains("aliases: [\"/posts/a.html\"]"))
        #expect(try workspace.read("content/notes/b.md").contains("aliases") == false)
        try await workspace.build()
        #expect(workspace.exists("public/posts/a.html"))
    }

    @Test func linksOutsideNameOnlyWhatTheSourceDoesNotPublish() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Own\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-02-03\n---\nSee [setup](/guides/setup/) and [the API](/api/v2/).\n",
            "content/guides/setup.md": "---\ntitle: Setup\ndraft: true\n---\nSoon.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(report.outside == ["/api/"])
        #expect(report[.brokenLinks] == 1)
    }

    @Test func aPageNamedPageKeepsItsURL() async throws {
        var files = ["hugo.toml": "title = \"Methods\"\npaginate = 2\n", "content/methods/Page.md": "---\ntitle: Page\n---\nThe page.\n"]
        for name in ["a", "b", "c"] { files["content/methods/\(name).md"] = "---\ntitle: \(name)\n---\n\(name).\n" }
        let workspace = try ImportWorkspace(fixture: nil, files: files)
        let report = try await workspace.importSite(.hugo)
        #expect(report[.urlsKept] == 4 && report[.urlsChanged] == 0)
        #expect(errors(report) == [])
        try await workspace.build()
        #expect(workspace.exists("public/methods/page/index.html") && workspace.exists("public/methods/page/2/index.html"))
    }

    @Test func linksAHugoRenderHookResolvedLeadToTheirPages() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "hugo.toml": "title = \"Docs\"\n",
            "layouts/_markup/render-link.html": "<a href=\"{{ with .PageInner.GetPage .Destination }}{{ .RelPermalink }}{{ end }}\">{{ .Text }}</a>\n",
            "assets/images/park.jpg": "not really a picture",
            "content/methods/site/Title.md": "---\ntitle: Title\n---\nThe title.\n",
            "content/guide/start.md": """
                ---
                title: Start
                ---
                See [the title](methods/site/title/), [again][title] and [it](/methods/site/Title/#top).

                {{< figure src="/images/park.jpg" alt="A park" >}}

                [title]: /methods/site/Title/

                """,
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/guide/start.md").hasSuffix("""
            See [the title](/methods/site/Title.md), [again][title] and [it](/methods/site/Title.md#top).

            {{< figure src="/images/park.jpg" alt="A park" >}}

            [title]: /methods/site/Title.md

            """))
        #expect(workspace.exists("content/images/park.jpg"))
        #expect(errors(report) == [])
    }

    @Test func theReportConfirmsURLsOnlyAgainstTheSourcesBuiltSite() async throws {
        let files = [
            "hugo.toml": "title = \"Built\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-02-03\n---\nA.\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2024-02-04\nurl: /elsewhere/b/\n---\nB.\n",
        ]
        let unbuilt = try ImportWorkspace(fixture: nil, files: files)
        let guessed = try await unbuilt.importSite(.hugo)
        #expect(guessed[.urlsConfirmed] == 0)
        #expect(guessed.notes.contains { $0.message.hasPrefix("the URLs are worked out from Hugo's rules; the source has no built site (public/) to confirm them with") })

        let built = try ImportWorkspace(fixture: nil, files: files.merging([
            "public/index.html": "<html></html>\n", "public/posts/a/index.html": "<html></html>\n", "public/b/index.html": "<html></html>\n",
        ]) { $1 })
        let checked = try await built.importSite(.hugo)
        #expect(checked[.urlsConfirmed] == 1)
        #expect(checked.notes.filter { $0.action == .problem && $0.topic == .url }.map(\.message) == [
            "content/posts/b.md: its URL by Hugo's rules, /elsewhere/b/, is not in the built site public/",
        ])
    }
}
