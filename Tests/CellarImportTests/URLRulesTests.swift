@testable import CellarImport
import CellarTree
import Foundation
import Testing

/// The source generators' URL rules, each case checked against the generator itself: Hugo 0.111
/// and Jekyll 4.3.1 were run on sites holding these names and dates.
@Suite struct URLRulesTests {
    private let utc = TimeZone(identifier: "UTC")!

    // MARK: - Hugo

    @Test(arguments: [
        ("Hello World", "hello-world"), ("Release-5.1 Notes", "release-5.1-notes"), ("C++ is ok? Yes/No", "c-is-ok-yes/no"),
        ("  Lead  and   trail  ", "lead-and-trail"), ("Émile Zola's «book» — 2nd", "émile-zolas-book-2nd"),
        ("東京 タワー", "東京-タワー"), ("a--b - c", "a--b-c"), ("Über_Straße", "über_straße"), ("My Title Here", "my-title-here"),
    ])
    func hugoUrlizesAsHugoDoes(_ text: String, _ expected: String) {
        #expect(HugoPath.urlize(text) == expected)
    }

    private func hugoPost(_ folder: String, file: String, title: String?, date: String?, slug: String? = nil, url: String? = nil) -> (SourceDocument, MappedFields) {
        let document = SourceDocument(role: .post, path: "content/\(folder)/\(file).md", display: "content/\(folder)/\(file).md", section: folder,
                                      target: "\(folder)/\(file).md", body: "", bodyFirstLine: 1, fileSlug: file, contentFolder: folder)
        var fields = MappedFields()
        fields.title = title
        let location = document.location
        fields.date = date.flatMap(LooseDate.parse).map { .init(value: $0, location: location) }
        fields.slug = slug.map { .init(value: $0, location: location) }
        fields.url = url.map { .init(value: $0, location: location) }
        return (document, fields)
    }

    @Test func hugoPermalinksUseTheDateInItsOwnZoneAndTheTitleForAMissingSlug() {
        let rules = HugoURLRules(permalinks: ["posts": "/:year/:month/:day/:slug/"], timeZone: utc)
        let cases: [((SourceDocument, MappedFields), String)] = [
            (hugoPost("posts", file: "a", title: "Hello World", date: "2020-01-02T23:30:00"), "/2020/01/02/hello-world/"),
            (hugoPost("posts", file: "b", title: "My Title Here", date: "2020-01-02T23:30:00-08:00"), "/2020/01/02/my-title-here/"),
            (hugoPost("posts", file: "c", title: "Release", date: "2020-01-02", slug: "release-5.1"), "/2020/01/02/release-5.1/"),
            (hugoPost("posts", file: "d", title: nil, date: "2024-02-10"), "/2024/02/10/"),
            (hugoPost("posts", file: "e", title: "Unpadded", date: "2024-4-2"), "/1/01/01/unpadded/"),
            (hugoPost("posts", file: "f", title: "U", date: "2020-03-04", url: "/blog/Release-5.1/"), "/blog/Release-5.1/"),
            (hugoPost("posts", file: "g", title: "A", date: nil, url: "/about"), "/about/"),
        ]
        for ((document, fields), expected) in cases {
            #expect(rules.url(of: document, fields: fields).url == expected)
        }
        let plain = HugoURLRules(timeZone: utc)
        let (document, fields) = hugoPost("docs/guides", file: "Building", title: "G", date: nil)
        #expect(plain.url(of: document, fields: fields).url == "/docs/guides/building/")
        let (slugged, slugFields) = hugoPost("posts", file: "x", title: "Über", date: nil, slug: "Über_Straße")
        #expect(plain.url(of: slugged, fields: slugFields).url == "/posts/über_straße/")
    }

    @Test(arguments: [("2024-4-2", false), ("2016-06-13 2:00:00", true), ("2026-06-03 17:45", false), ("2020-01-02T10:00:00+0100", true),
                      ("2006-01-02 15:04:05 -0700 MST", true), ("2020/01/02", false), ("January 2, 2006", false),
                      ("Mon, 02 Jan 2006 15:04:05 GMT", true), ("2 Jan 2006", false), ("02 Jan 2006", true), ("2020-01-02T10:00:00.123Z", true)])
    func hugoReadsTheDatesHugoReads(_ written: String, _ reads: Bool) {
        #expect(HugoURLRules.reads(written) == reads)
    }

    // MARK: - Jekyll

    @Test(arguments: [("Hello World!", "hello-world"), ("Ünïcödé Tïtle", "ünïcödé-tïtle"), ("--a--b--", "a-b")])
    func jekyllSlugifiesAsJekyllDoes(_ text: String, _ expected: String) {
        #expect(JekyllSlug.slugify(text) == expected)
    }

    @Test func jekyllsPrettySlugKeepsCaseAndDots() {
        #expect(JekyllSlug.slugify("Release-5.1 Notes!", mode: .pretty, cased: true) == "Release-5.1-Notes!")
        #expect(JekyllSlug.titleize("hello-world") == "Hello World")
    }

    private func jekyllPost(_ name: String, categories: [String] = [], permalink: String? = nil) throws -> (SourceDocument, MappedFields) {
        let (date, slug) = try #require(JekyllReader.splitPostName(name))
        var document = SourceDocument(role: .post, path: "_posts/\(name).md", display: "_posts/\(name).md", section: "posts",
                                      target: "posts/\(name).md", body: "", bodyFirstLine: 1, fileSlug: slug)
        document.collection = "posts"
        var fields = MappedFields()
        fields.date = .init(value: date, location: document.location)
        fields.categories = categories
        fields.url = permalink.map { .init(value: $0, location: document.location) }
        return (document, fields)
    }

    @Test(arguments: [
        ("date", "/ruby/code/2016/01/29/Winter-Harbour.html"), ("pretty", "/ruby/code/2016/01/29/Winter-Harbour/"),
        ("none", "/ruby/code/Winter-Harbour.html"), ("ordinal", "/ruby/code/2016/029/Winter-Harbour.html"),
        ("/blog/:year/:i_month/:slug/", "/blog/2016/1/winter-harbour/"), ("/:categories/:short_month-:day/:title", "/ruby/code/Jan-29/Winter-Harbour"),
    ])
    func jekyllPostsFollowThePermalinkStyle(_ style: String, _ expected: String) throws {
        let rules = JekyllURLRules(style: style, timeZone: utc)
        let (document, fields) = try jekyllPost("2016-1-29-Winter-Harbour", categories: ["Ruby", "code"])
        #expect(rules.url(of: document, fields: fields).url == expected)
    }

    @Test func jekyllPagesEndInHTMLUnlessTheStyleEndsInASlash() {
        var page = SourceDocument(role: .page, path: "docs/about.md", display: "docs/about.md", section: "", target: "docs/about.md",
                                  body: "", bodyFirstLine: 1, fileSlug: "about", contentFolder: "docs")
        #expect(JekyllURLRules(style: "date", timeZone: utc).url(of: page, fields: MappedFields()).url == "/docs/about.html")
        #expect(JekyllURLRules(style: "pretty", timeZone: utc).url(of: page, fields: MappedFields()).url == "/docs/about/")
        page.fileSlug = "index"
        #expect(JekyllURLRules(style: "date", timeZone: utc).url(of: page, fields: MappedFields()).url == "/docs/")
    }

    @Test func anUnknownPlaceholderIsReportedNotGuessed() throws {
        let (document, fields) = try jekyllPost("2016-01-29-a", permalink: "/:year/:flavour/:title/")
        let result = JekyllURLRules(timeZone: utc).url(of: document, fields: fields)
        #expect(result.url == nil && result.problem == "the permalink '/:year/:flavour/:title/' uses ':flavour', which Jekyll does not know")
    }

    @Test(arguments: [("2016-1-29-slug", "2016-01-29", "slug"), ("2016-01-29-a-b-c", "2016-01-29", "a-b-c")])
    func postNamesGiveTheirDateAndSlug(_ name: String, _ date: String, _ slug: String) throws {
        let (parsed, rest) = try #require(JekyllReader.splitPostName(name))
        #expect(parsed.cellarText == date && rest == slug)
    }

    @Test(arguments: ["readme", "2016-13-01-x", "16-1-x"])
    func namesWithoutADateAreNotPosts(_ name: String) {
        #expect(JekyllReader.splitPostName(name) == nil)
    }

    // MARK: - Cellar's side

    @Test func pageAddressesBecomeFolders() {
        #expect(URLPlanner.folderURL(of: "/a/b.html") == "/a/b/")
        #expect(URLPlanner.folderURL(of: "/a/b") == "/a/b/")
        #expect(URLPlanner.folderURL(of: "/a/b/") == "/a/b/")
        #expect(URLPlanner.lastSegment(of: "/legacy/old school.html") == nil)
        #expect(URLPlanner.lastSegment(of: "/blog/release-5.1/") == "release-5.1")
    }

    @Test func theShapeOfAURLNamesItsDateParts() throws {
        let planner = URLPlanner(dates: DateContext(sourceZone: utc, siteZone: utc), copiedFiles: [], themeAssets: [])
        let date = try #require(LooseDate.parse("2016-01-29"))
        #expect(planner.shape(of: "/blog/2016/01/29/winter/", date: date) == "/blog/:year/:month/:day/:slug/")
        #expect(planner.shape(of: "/2016/winter/", date: date) == "/:year/:slug/")
        #expect(planner.shape(of: "/notes/2015/winter/", date: date) == "/notes/2015/:slug/")
        #expect(planner.shape(of: "/a.html", date: date) == nil)
    }
}
