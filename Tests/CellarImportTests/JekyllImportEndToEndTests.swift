import CellarDiagnostics
import CellarEngine
@testable import CellarImport
import Foundation
import Testing

/// `Fixtures/jekyll-blog` imported, built and compared with what Jekyll 4.3.1 published for it
/// (`jekyll build --future` on the fixture, with the site's time zone: the paths below are the files it wrote).
@Suite struct JekyllImportEndToEndTests {
    /// Where Jekyll published each page and its title. `night-watch` is dated `2016-06-13 2:00:00`:
    /// YAML reads that as UTC, which is the 12th in New York.
    static let keptURLs = [
        ("blog/2016/01/29/winter-harbour/", "Winter in the harbour"), ("blog/2016/06/12/night-watch/", "Night watch"),
        ("blog/2020/02/02/untitled-thoughts/", "Untitled Thoughts"), ("blog/2022/05/05/same-name/", "Same name, evening"),
        ("blog/2023/01/02/links/", "Links and tags"), ("blog/2024/05/20/release-5.1/", "Release 5.1 of the tide tables"),
        ("about/", "About the log"), ("contact/", "Contact"), ("recipes/bread/", "Harbour bread"),
    ]

    @Test func everyPostIsWhereJekyllPublishedItOrRedirectsFromThere() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        let before = try workspace.sourceSnapshot()
        let report = try await workspace.importSite(.jekyll)
        let build = try await workspace.build()
        #expect(try workspace.sourceSnapshot() == before, "the import changed the source")
        #expect(build.items == 11)
        for (url, title) in Self.keptURLs {
            let page = try workspace.read("public/" + url + "index.html")
            #expect(page.contains(">\(title.replacingOccurrences(of: ",", with: ","))<") || page.contains("<title>\(title)"), "\(url) is not \(title)")
            #expect(!page.contains("http-equiv=\"refresh\""), "\(url) is a redirect")
        }
        // `permalink: /legacy/:title.html` cannot be a folder: the old file redirects to the new page.
        #expect(try workspace.read("public/legacy/old-school.html").contains("url=https://harbour.example.com/blog/2021/07/04/old-school/\""))
        #expect(try workspace.read("public/tides/latest/index.html").contains("url=https://harbour.example.com/blog/2024/05/20/release-5.1/\""))
        #expect(try workspace.read("public/about-us/index.html").contains("url=https://harbour.example.com/about/\""))
        #expect(report[.posts] == 11 && report[.drafts] == 2 && report[.pages] == 2)
        #expect(report[.urlsKept] == 9 && report[.urlsRedirected] == 1 && report[.urlsChanged] == 1)
        #expect(report.problems.filter { $0.topic == .url }.map(\.headline) == [
            "source/_posts/2022/2022-05-05-same-name.md:1:1: problem: /blog/2022/05/05/same-name/ is now /blog/2022/05/05/same-name-2/, and the old URL cannot redirect here",
        ])
    }

    @Test func frontMatterDatesAndCategoriesAreMapped() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        let report = try await workspace.importSite(.jekyll)
        // The date from an unpadded file name; categories and the words of `tags: sail fog` are tags; excerpt is the summary.
        #expect(try workspace.read("content/posts/2016-1-29-winter-harbour.md") == """
            ---
            title: "Winter in the harbour"
            date: 2016-01-29
            slug: "winter-harbour"
            tags: ["Boats", "winter", "sail", "fog"]
            summary: "Ice on the moorings."
            ---
            The moorings had ice on them this morning.

            <!--more-->

            The rest of the day was calm.

            """)
        #expect(try workspace.read("content/posts/2020-02-02-untitled-thoughts.md").hasPrefix("---\ntitle: \"Untitled Thoughts\"\ndate: 2020-02-02\n"))
        #expect(try workspace.read("content/posts/2026-06-03-sloppy.md").hasPrefix("---\ntitle: \"A date written in a hurry\"\ndate: 2026-06-03 17:45\nslug: \"sloppy\"\ndraft: true\n---\n"))
        #expect(try workspace.read("content/posts/drafts/unfinished.md").hasPrefix("---\ntitle: \"Unfinished\"\ndate: 2024-09-09\ndraft: true\n---\n"))
        #expect(try workspace.read("content/about.md") == "---\ntitle: \"About the log\"\naliases: [\"/about-us/\"]\n---\nWe keep this log since 2016.\n")
        #expect(report.notes.filter { $0.topic == .date }.map(\.headline) == [
            "source/_posts/2016-06-13-night-watch.markdown:3:7: converted: 'date: 2016-06-13 2:00:00' is written 2016-06-13T02:00:00Z",
        ])
        #expect(report.droppedFields == ["author": 9, "layout": 9])
    }

    @Test func liquidTagsAreConvertedOrLeftVisiblyInPlace() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        let report = try await workspace.importSite(.jekyll)
        try await workspace.build()
        #expect(try workspace.read("content/posts/2016-06-13-night-watch.md").hasSuffix("""
            ---
            We kept watch until dawn. The log from [winter](/posts/2016-1-29-winter-harbour.md) helped.

            ```ruby
            def bell(hour)
              puts "ding" * (hour % 8)
            end
            ```

            In Liquid, {{ page.title }} prints the title.

            Read [about us](/about.md) or the [chart](/images/harbour.svg).

            """))
        let page = try workspace.read("public/blog/2016/06/12/night-watch/index.html")
        #expect(page.contains("<a href=\"/blog/2016/01/29/winter-harbour/\">winter</a>"))
        #expect(page.contains("<a href=\"/about/\">about us</a>") && page.contains("<a href=\"/images/harbour.svg\">chart</a>"))
        // {% highlight ruby %} became a fence, coloured at build time.
        #expect(page.contains("<pre class=\"highlight\" data-lang=\"ruby\"><code>") && page.contains("bell"))
        #expect(report.problems.filter { $0.topic == .template || $0.topic == .markup }.map(\.headline) == [
            "source/_posts/2023-01-02-links.md:8:1: problem: the Liquid tag {% include note.html text=\"A reminder\" %} is left as written",
            "source/_posts/2023-01-02-links.md:11:1: problem: the kramdown attribute list {: .note} shows as text in CommonMark",
        ])
        #expect(report[.templateTagsConverted] == 5 && report[.templateTagsLeft] == 1)
    }

    @Test func filesAreCopiedOrLeftOutAndTheReportSaysWhich() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        let report = try await workspace.importSite(.jekyll)
        #expect(workspace.files(under: "content").filter { !$0.hasSuffix(".md") } == ["CNAME", "images/harbour.svg"])
        #expect(report.notes.filter { $0.action == .leftOut }.map(\.headline) == [
            "source/_includes:1:1: left-out: _includes/ (1 file): Liquid includes",
            "source/_layouts:1:1: left-out: _layouts/ (1 file): Liquid layouts",
            "source/404.html:1:1: left-out: 404.html: Cellar writes its own 404 page",
            "source/Gemfile:1:1: left-out: Gemfile and any other file matching 'Gemfile': excluded by _config.yml",
            "source/_posts/2019-03-03-draft-source.Rmd:1:1: left-out: _posts/2019-03-03-draft-source.Rmd and any other file matching '*.Rmd': excluded by _config.yml",
            "source/assets/css/style.scss:1:1: left-out: assets/css/style.scss: a Sass stylesheet Jekyll compiles; the new site uses the theme's CSS",
            "source/feed.xml:1:1: left-out: feed.xml: a file Jekyll renders with Liquid (Cellar writes its own feeds and sitemap)",
            "source/notes.txt:1:1: left-out: notes.txt and any other file matching 'notes.txt': excluded by _config.yml",
            "source/robots.txt:1:1: left-out: robots.txt: Cellar writes its own",
        ])
    }

    @Test func settingsMenuAndHomePageComeFromTheSite() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try await workspace.importSite(.jekyll)
        try await workspace.build()
        #expect(try workspace.read("content/_index.md") == """
            ---
            title: "Harbour Log"
            description: "A small log of boats, weather and recipes."
            base_url: https://harbour.example.com/
            language: en-US
            timezone: America/New_York
            paginate: 4
            markdown: {unsafe: true, anchors: github}   # raw HTML in Markdown is let through, as Jekyll rendered it
            # The source's main menu: the whole navigation (sections it does not name are not in it).
            menu:
              - {page: about, label: "About the log"}
              - {page: contact, label: "Contact"}
            ---
            Welcome aboard. The newest entries are below.

            """)
        #expect(try workspace.read("content/posts/_index.md") == "---\ntitle: \"Posts\"\nkind: article\npermalink: /blog/:year/:month/:day/:slug/\n---\n")
        #expect(try workspace.read("public/index.html").contains("Welcome aboard."))
    }
}
