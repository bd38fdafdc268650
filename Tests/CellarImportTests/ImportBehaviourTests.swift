import CellarDiagnostics
import CellarEngine
@testable import CellarImport
import Foundation
import Testing

/// What an import does around the content: the destination, `--keep-fields`, sources that are not
/// sites, files beside posts that are not posts, front matter it cannot read, the time zone.
@Suite struct ImportBehaviourTests {
    // MARK: - The destination

    @Test func anExistingDestinationIsRefusedUnlessAnEarlierImportWroteIt() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try workspace.write(Data("mine\n".utf8), to: "site/notes.txt")
        let error = await #expect(throws: Diagnostic.self) { try await workspace.importSite(.jekyll) }
        #expect(error?.description == "error: site already exists\n  hint: choose a new folder, or pass --replace to replace an earlier import")
        let refused = await #expect(throws: Diagnostic.self) { try await workspace.importSite(.jekyll, replace: true) }
        #expect(refused?.description == "error: site is not a site an earlier import wrote (it has no import-report.json); it was left as it is\n"
                + "  hint: --replace only replaces an earlier import or an empty folder")
        #expect(try workspace.read("notes.txt") == "mine\n")
    }

    @Test func replaceSwapsAnEarlierImportForANewOne() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try await workspace.importSite(.jekyll)
        try workspace.write(Data("left from before\n".utf8), to: "site/content/stale.md")
        try await workspace.importSite(.jekyll, replace: true)
        #expect(!workspace.exists("content/stale.md") && workspace.exists("import-report.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root).sorted() == ["site", "source"])
    }

    @Test func aDestinationThatHoldsTheSourceIsRefused() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        var options = workspace.options(.jekyll, replace: true)
        options.destination = "."
        let error = await #expect(throws: Diagnostic.self) { try await SiteImporter(options: options).run() }
        #expect(error?.message == ". holds the site being imported")
    }

    @Test(arguments: [(SourceDialect.hugo, "is not a Hugo site: it has no hugo.toml, config.toml (or .yaml, .json) and no config/_default/"),
                      (.jekyll, "is not a Jekyll site: it has no _config.yml and no _posts folder")])
    func aFolderThatIsNotASiteOfTheGeneratorIsRefused(_ dialect: SourceDialect, _ message: String) async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: ["README.md": "# Hello\n"])
        let error = await #expect(throws: Diagnostic.self) { try await workspace.importSite(dialect) }
        #expect(error?.message == "\(workspace.source) \(message)")
        #expect(!workspace.exists("."))
    }

    // MARK: - --keep-fields

    @Test func keptFieldsExtendTheKindsSchemaTypedFromTheirValues() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo, keepFields: true)
        #expect(report.keptFields == ["author": "{type: \"string\", required: false}", "images": "{type: \"[string]\", required: false}",
                                      "source_toc": "{type: \"bool\", required: false}"])
        #expect(try workspace.read("themes/default/kinds/article.yml").hasSuffix("""
              # Kept by 'cellar import hugo --keep-fields': fields of the Hugo site, typed from the values seen.
              author: {type: "string", required: false}
              images: {type: "[string]", required: false}
              source_toc: {type: "bool", required: false}

            """))
        // Standalone pages are of kind page: their schema gets the kept fields too.
        #expect(try workspace.read("themes/default/kinds/page.yml").contains("\nfields:\n  # Kept by 'cellar import hugo --keep-fields'"))
        #expect(try workspace.read("content/posts/first-light.md").contains("""
            summary: "The sun came up over the ridge."
            author: "A. Writer"
            source_toc: true
            images: ["/images/logo.svg"]
            ---
            """))
        // `toc` is a value every item has (its table of contents): the kept field is renamed.
        #expect(try workspace.read("content/about.md").contains("\nsource_toc: false\n---\n"))
        #expect(report.droppedFields == ["cascade": 1])
        try await workspace.build()
    }

    @Test func fieldNamesASchemaRefusesAreRenamed() {
        #expect(FieldMapper.fieldName(for: "featured-image") == "featured_image")
        #expect(FieldMapper.fieldName(for: "url") == "source_url")
        #expect(FieldMapper.fieldName(for: "2col") == "field_2col")
    }

    // MARK: - Files that are not posts

    @Test func sourcesAndRenderedCopiesBesidePostsAreNeverTakenForPosts() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config.toml": "title = \"R notes\"\nbaseURL = \"https://r.example.org/\"\n",
            "content/post/2020-01-01-model/index.Rmd": "---\ntitle: Model\n---\n```{r}\nlm(y ~ x)\n```\n",
            "content/post/2020-01-01-model/index.md": "---\ntitle: Model\ndate: 2020-01-01\n---\nThe fit, and [the script](fit.R).\n",
            "content/post/2020-01-01-model/index.html": "---\ntitle: Model\n---\n<p>The fit.</p>\n",
            "content/post/2020-01-01-model/fit.R": "lm(y ~ x)\n",
            "content/post/2020-01-01-model/index_cache/html/chunk.rdb": "cache\n",
            "content/post/2020-01-01-model/index.knit.md": "intermediate\n",
            "content/post/2020-02-02-plots.html": "---\ntitle: Plots\ndate: 2020-02-02\n---\n<p>Three plots.</p>\n",
            "content/post/2020-02-02-plots.Rmd": "---\ntitle: Plots\n---\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(workspace.files(under: "content") == [
            "_index.md", "post/2020-01-01-model/fit.R", "post/2020-01-01-model/index.md", "post/2020-02-02-plots.md", "post/_index.md",
        ])
        #expect(report.notes.filter { $0.action == .leftOut }.map(\.headline) == [
            "source/content/post/2020-01-01-model/index.Rmd:1:1: left-out: content/post/2020-01-01-model/index.Rmd: an R Markdown source (the site publishes what it renders to)",
            "source/content/post/2020-01-01-model/index.html:1:1: left-out: content/post/2020-01-01-model/index.html: the page rendered from index.md, which is imported instead",
            "source/content/post/2020-01-01-model/index.knit.md:1:1: left-out: content/post/2020-01-01-model/index.knit.md: an intermediate file of knitr",
            "source/content/post/2020-01-01-model/index_cache/html/chunk.rdb:1:1: left-out: content/post/2020-01-01-model/index_cache/html/chunk.rdb: a knitr cache",
            "source/content/post/2020-02-02-plots.Rmd:1:1: left-out: content/post/2020-02-02-plots.Rmd: an R Markdown source (the site publishes what it renders to)",
        ])
        #expect(report[.posts] == 2)
        // The HTML page blogdown rendered is the post: its HTML is let through.
        #expect(try workspace.read("content/_index.md").contains("markdown: {unsafe: true, "))
        try await workspace.build()
        #expect(try workspace.read("public/post/2020-02-02-plots/index.html").contains("<p>Three plots.</p>"))
        #expect(try workspace.read("public/post/2020-01-01-model/index.html").contains("<a href=\"/post/2020-01-01-model/fit.R\">the script</a>"))
    }

    // MARK: - Front matter that cannot be read

    @Test func yamlAndTOMLFrontMatterProblemsAreReportedAlikeAtTheirPlace() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config.toml": "title = \"Notes\"\n",
            "content/posts/a.md": "---\ntitle: A\ntitle: Again\n---\nA.\n",
            "content/posts/b.md": "+++\ntitle = \"B\"\ntitle = \"Again\"\n+++\nB.\n",
            "content/posts/c.md": "+++\ntitle = \"C\"\ndate = 2020-01-02T10:00:00\n+++\nC.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(report.problems.map(\.headline) == [
            "source/content/posts/a.md:3:1: problem: not imported: duplicate key 'title'; it is already set on line 2",
            "source/content/posts/b.md:3:1: problem: not imported: duplicate key 'title'; it is already set on line 2",
        ])
        #expect(report[.posts] == 1)
        #expect(try workspace.read("content/posts/c.md") == "---\ntitle: \"C\"\ndate: 2020-01-02T10:00:00\n---\nC.\n")
    }

    // MARK: - Time zones

    @Test func aHugoSiteWithoutAZoneGetsTheOneItsDatesWereWrittenIn() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "config.toml": "title = \"Zones\"\n[permalinks]\npost = \"/:year/:month/:day/:slug/\"\n",
            "content/post/summer.md": "---\ntitle: Summer\ndate: 2019-05-26 21:00:00 -0700\n---\nLate.\n",
            "content/post/winter.md": "---\ntitle: Winter\ndate: 2019-12-31 22:30:00 -0800\n---\nLater.\n",
            "content/post/plain.md": "---\ntitle: Plain\ndate: 2019-03-03\n---\nA day.\n",
        ])
        let report = try await workspace.importSite(.hugo)
        #expect(try workspace.read("content/_index.md").contains("\ntimezone: America/Los_Angeles\n"))
        #expect(report[.urlsKept] == 3)
        try await workspace.build()
        for url in ["2019/05/26/summer/", "2019/12/31/winter/", "2019/03/03/plain/"] {
            #expect(workspace.exists("public/" + url + "index.html"), "\(url) is missing")
        }
    }

    @Test func jekyllDatesAreReadInTheSitesZoneAndItsYAMLTimestampsInUTC() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Zones\ntimezone: Asia/Tokyo\npermalink: /:year/:month/:day/:title/\n",
            "_posts/2020-01-01-stamp.md": "---\ntitle: Stamp\ndate: 2020-01-01 20:00:00\n---\n",
            "_posts/2020-01-01-text.md": "---\ntitle: Text\ndate: \"2020-01-01 20:00:00\"\n---\n",
        ])
        try await workspace.importSite(.jekyll)
        try await workspace.build()
        // 20:00 UTC is the 2nd in Tokyo; the quoted text is 20:00 in Tokyo, still the 1st.
        #expect(workspace.exists("public/2020/01/02/stamp/index.html") && workspace.exists("public/2020/01/01/text/index.html"))
    }

    @Test func liquidSiteAndPageValuesAreWrittenOut() async throws {
        let workspace = try ImportWorkspace(fixture: nil, files: [
            "_config.yml": "title: Values\nrepository: https://git.example.org/values\npermalink: pretty\n",
            "_posts/2021-02-03-values.md": "---\ntitle: Values\nversion: 2.1\n---\nSee [the code]({{ site.repository }}/tree/v{{ page.version }}) and [the logo]({{ '/logo.svg' | relative_url }}).\n",
            "logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        try await workspace.importSite(.jekyll)
        #expect(try workspace.read("content/posts/2021-02-03-values.md").hasSuffix(
            "See [the code](https://git.example.org/values/tree/v2.1) and [the logo](/logo.svg).\n"))
    }
}
