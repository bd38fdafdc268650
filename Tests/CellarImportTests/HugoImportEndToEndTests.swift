import CellarDiagnostics
import CellarEngine
@testable import CellarImport
import Foundation
import Testing

/// `Fixtures/hugo-blog` imported, built and compared with what Hugo 0.111 published for it
/// (`hugo` run on the fixture: the URLs below are the folders it wrote).
@Suite struct HugoImportEndToEndTests {
    /// Where Hugo published each page, and the title it carries.
    static let keptURLs = [
        ("2016/06/evening-walk/", "Evening walk"), ("2024/03/first-light/", "First light"),
        ("2024/05/release-5.1/", "Release 5.1: what changed"), ("2024/07/same-name/", "Same name, second"),
        ("about/", "About these notes"),
    ]
    /// Hugo's addresses that now redirect: it could not read `2024-4-2` nor `yesterday` (year 1),
    /// gave the post without a title no slug, and the page an alias.
    static let redirects = [
        ("1/01/a-trip-to-lyon/", "/2024/04/a-trip-to-lyon/"), ("1/01/a-date-nobody-can-read/", "/2024/01/a-date-nobody-can-read/"),
        ("2024/02/", "/2024/02/no-title/"), ("about-me/", "/about/"),
    ]

    @Test func everyPageIsWhereHugoPublishedItOrRedirectsFromThere() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let before = try workspace.sourceSnapshot()
        let report = try await workspace.importSite(.hugo)
        let build = try await workspace.build()
        #expect(try workspace.sourceSnapshot() == before, "the import changed the source")
        #expect(build.items == 9)
        for (url, title) in Self.keptURLs {
            let page = try workspace.read("public/" + url + "index.html")
            #expect(page.contains("<title>\(title.replacingOccurrences(of: ":", with: ":")) — Field Notes</title>")
                    || page.contains(">\(title)<"), "\(url) is not the page of \(title)")
            #expect(!page.contains("http-equiv=\"refresh\""), "\(url) is a redirect")
        }
        for (old, new) in Self.redirects {
            #expect(try workspace.read("public/" + old + "index.html").contains("url=https://example.org\(new)\""), "\(old) does not redirect to \(new)")
        }
        #expect(report[.urlsKept] == 5 && report[.urlsRedirected] == 3 && report[.urlsChanged] == 1)
        #expect(report.check?.builds == true)
    }

    @Test func frontMatterIsMappedToCellarsFields() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        try await workspace.importSite(.hugo)
        // TOML front matter becomes YAML; categories and series join the tags; description is the summary.
        #expect(try workspace.read("content/posts/first-light.md").hasPrefix("""
            ---
            title: "First light"
            date: 2024-03-01T09:30:00
            tags: ["walks", "morning", "Outdoors", "Seasons"]
            summary: "The sun came up over the ridge."
            ---
            The sun came up over the ridge at half past six.

            <!--more-->

            Later, the fog lifted. The path ran along the river, and the {{ curly }} braces of R stay as they are.

            | Hour | Temperature |
            """))
        // A publish date that has passed leaves the date; lastmod is updated, expiryDate expires.
        #expect(try workspace.read("content/posts/evening.md") == """
            ---
            title: "Evening walk"
            date: 2016-06-13T02:00:00
            updated: 2016-06-20
            slug: "evening-walk"
            tags: ["Outdoors"]
            expires: 2099-01-01
            ---
            The evening was warm.

            """)
        #expect(try workspace.read("content/posts/same-a.md").contains("slug: \"same-name-2\"\n"))
        #expect(try workspace.read("content/posts/no-title.md").hasPrefix("---\ntitle: \"No title\"\ndate: 2024-02-10\ntags: [\"untitled\"]\naliases: [\"/2024/02/\"]\n---\n"))
        #expect(try workspace.read("content/posts/idea.md").contains("draft: true\n"))
        #expect(try workspace.read("content/about.md").hasPrefix("---\ntitle: \"About these notes\"\nsummary: \"Who writes them, and why.\"\naliases: [\"/about-me/\"]\n---\n"))
    }

    @Test func shortcodesAreConvertedKeptOrLeftVisiblyInPlace() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo)
        try await workspace.build()
        #expect(try workspace.read("content/posts/release-5.1.md").hasSuffix("""
            Version 5.1 is out. It builds on [the first note](/posts/first-light.md) and [the trip](/posts/trip-to-lyon/index.md#the-map).

            ```swift
            let greeting = "Hello"
            print(greeting)
            ```

            {{< figure src="/images/logo.svg" alt="The logo" >}}

            {{< youtube dQw4w9WgXcQ >}}

            {{</* gist writer 4f1b2c */>}}

            {{</* vimeo 1234567 */>}}

            """))
        let page = try workspace.read("public/2024/05/release-5.1/index.html")
        #expect(page.contains("<a href=\"/2024/03/first-light/\">the first note</a>"))
        #expect(page.contains("<a href=\"/2024/04/a-trip-to-lyon/#the-map\">the trip</a>"))
        // {{< highlight swift >}} became a fence, coloured at build time.
        #expect(page.contains("<pre class=\"highlight\" data-lang=\"swift\"><code><span class=\"hl-keyword\">let</span> greeting"))
        #expect(report[.templateTagsConverted] == 5 && report[.templateTagsLeft] == 2)
        let problems = report.problems.filter { $0.topic == .template }.map(\.headline)
        #expect(problems == [
            "source/content/posts/release-5.1.md:21:1: problem: the shortcode {{< gist >}} is left as written",
            "source/content/posts/release-5.1.md:23:1: problem: the shortcode {{< vimeo >}} is left as written",
        ])
    }

    @Test func bundlesKeepTheirFilesAndStaticFilesKeepTheirPaths() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo)
        try await workspace.build()
        #expect(workspace.files(under: "content") == [
            "_index.md", "about.md", "images/logo.svg", "posts/_index.md", "posts/bad-date.md", "posts/evening.md",
            "posts/first-light.md", "posts/idea.md", "posts/no-title.md", "posts/release-5.1.md",
            "posts/same-a.md", "posts/same-b.md", "posts/trip-to-lyon/index.md", "posts/trip-to-lyon/map.svg",
        ])
        let trip = try workspace.read("public/2024/04/a-trip-to-lyon/index.html")
        #expect(trip.contains("<img src=\"/2024/04/a-trip-to-lyon/map.svg\" alt=\"The route we walked\""))
        #expect(workspace.exists("public/2024/04/a-trip-to-lyon/map.svg") && workspace.exists("public/images/logo.svg"))
        #expect(report.notes.filter { $0.action == .leftOut }.map(\.headline) == [
            "source/content/posts/trip-to-lyon/index.Rmd:1:1: left-out: content/posts/trip-to-lyon/index.Rmd: ignored by the site's ignoreFiles ('\\.Rmd$')",
            "source/static/robots.txt:1:1: left-out: static/robots.txt: Cellar writes its own",
            "source/archetypes:1:1: left-out: archetypes/ (1 file): templates for 'hugo new'",
            "source/layouts:1:1: left-out: layouts/ (1 file): templates (the new site uses Cellar's default theme)",
        ])
    }

    @Test func siteSettingsComeFromTheConfiguration() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/_index.md") == """
            ---
            title: "Field Notes"
            description: "Notes from the field, kept short."
            base_url: https://example.org/
            language: en-us
            timezone: Europe/Paris
            paginate: 5
            copyright: "© 2024 A. Writer"
            markdown: {unsafe: true, anchors: github, definitions: true}   # raw HTML in Markdown is let through, as Hugo rendered it
            # The source's main menu: the whole navigation (sections it does not name are not in it).
            menu:
              - {section: posts, label: "Posts"}
              - {page: about, label: "About"}
            ---
            Short notes from walks, builds and trips. Start with [the first one](/posts/first-light.md).

            """)
        #expect(report.outside.isEmpty && report[.brokenLinks] == 0)
        #expect(try await workspace.build().diagnostics.isEmpty)
        #expect(try workspace.read("public/index.html").contains("Start with <a href=\"/2024/03/first-light/\">the first one</a>."))
    }

    @Test func datesAreReadInTheSitesZoneAndTheUnreadableOnesAreReported() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo)
        #expect(report.notes.filter { $0.topic == .date }.map(\.headline) == [
            "source/content/posts/bad-date.md:3:7: problem: 'date' is not a date: \"yesterday\"",
            "source/content/posts/bad-date.md:1:1: converted: no date, which the section's permalink /:year/:month/:slug/ needs: dated 2024-01-01T00:00:00Z, when its file last changed",
            "source/content/posts/evening.md:3:7: converted: 'date: 2016-06-13 2:00:00' is written 2016-06-13T02:00:00",
            "source/content/posts/trip-to-lyon/index.md:3:7: converted: 'date: 2024-4-2' is written 2024-04-02",
        ])
        #expect(try workspace.read("content/posts/trip-to-lyon/index.md").contains("\ndate: 2024-04-02\n"))
    }
}
