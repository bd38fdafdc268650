@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Bundles: `<slug>/index.md` with its files beside it. The files are copied beside the page;
/// `image` fields and Markdown targets that name local files are checked and rewritten to the
/// URLs the files are published at — also below a base path.
@Suite struct BundlesTests {
    private static let dune = """
        ---
        title: Dune
        date: 2024-03-01
        rating: 9
        poster: poster.jpg
        ---
        ![Poster](poster.jpg) and [my notes](notes.pdf#page=2), a [still](sub/still.png),
        [Arrival](../arrival.md), ![shared](/images/shared.png) and [spaced](my%20file.txt).

        """

    private func site(_ files: [String: String] = [:], section: String = "") throws -> TemporarySite {
        try TemporarySite(files: [
            // The images are placeholders: copied and linked as they are, not processed.
            "content/_index.md": Fixture.site("images: {process: false}\n"),
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review", extra: section),
            "themes/default/cells/review.html": "<li class=\"review\">{{title}}|{{poster}}</li>\n",
            "content/reviews/dune/index.md": Self.dune,
            "content/reviews/dune/poster.jpg": "JPEG",
            "content/reviews/dune/notes.pdf": "PDF",
            "content/reviews/dune/sub/still.png": "PNG",
            "content/reviews/dune/my file.txt": "TXT",
            "content/reviews/arrival.md": "---\ntitle: Arrival\nrating: 8\nposter: arrival.jpg\n---\n",
            "content/reviews/arrival.jpg": "ARRIVAL",
            "content/images/shared.png": "SHARED",
        ].merging(files) { $1 })
    }

    private func body(_ site: TemporarySite, _ page: String,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(HTML.slices(of: try site.page(page, sourceLocation: sourceLocation), between: "<h1>Dune</h1>", and: "</article>").first,
                     sourceLocation: sourceLocation)
    }

    @Test func filesAreCopiedBesideThePage() async throws {
        let site = try site()
        try await site.build()
        #expect(site.output("reviews/dune/index.html") != nil)
        #expect(site.output("reviews/dune/poster.jpg") == "JPEG")
        #expect(site.output("reviews/dune/notes.pdf") == "PDF")
        #expect(site.output("reviews/dune/sub/still.png") == "PNG")
        #expect(site.output("reviews/dune/my file.txt") == "TXT")
        // Files that belong to no bundle keep their place.
        #expect(site.output("images/shared.png") == "SHARED")
        #expect(site.output("reviews/arrival.jpg") == "ARRIVAL")
    }

    @Test func markdownTargetsAreRewrittenToTheirOutputURLs() async throws {
        let site = try site()
        try await site.build()
        #expect(try body(site, "reviews/dune/index.html") == """
            <p><img src="/reviews/dune/poster.jpg" alt="Poster" /> and <a href="/reviews/dune/notes.pdf#page=2">my notes</a>, \
            a <a href="/reviews/dune/sub/still.png">still</a>,
            <a href="/reviews/arrival/">Arrival</a>, <img src="/images/shared.png" alt="shared" /> and \
            <a href="/reviews/dune/my%20file.txt">spaced</a>.</p>

            """)
    }

    @Test func imageFieldsAreRewrittenToTheirOutputURLs() async throws {
        let site = try site()
        try await site.build()
        let cells = HTML.slices(of: try site.page("reviews/index.html"), between: "<li class=\"review\">", and: "</li>")
        #expect(cells == ["Dune|/reviews/dune/poster.jpg", "Arrival|/reviews/arrival.jpg"])
        let feed = try site.page("feed.json")
        #expect(feed.contains("\"image\": \"https://example.org/reviews/dune/poster.jpg\""))
    }

    @Test func underABasePathEveryRewrittenURLHasIt() async throws {
        let site = try site()
        try await site.build(baseURL: "https://example.org/sub/path/")
        let body = try body(site, "reviews/dune/index.html")
        #expect(body.contains("<img src=\"/sub/path/reviews/dune/poster.jpg\" alt=\"Poster\" />"))
        #expect(body.contains("<a href=\"/sub/path/reviews/dune/notes.pdf#page=2\">my notes</a>"))
        #expect(body.contains("<a href=\"/sub/path/reviews/arrival/\">Arrival</a>"))
        #expect(body.contains("<img src=\"/sub/path/images/shared.png\" alt=\"shared\" />"))
        let cells = HTML.slices(of: try site.page("reviews/index.html"), between: "<li class=\"review\">", and: "</li>")
        #expect(cells == ["Dune|/sub/path/reviews/dune/poster.jpg", "Arrival|/sub/path/reviews/arrival.jpg"])
        #expect(try site.page("feed.json").contains("\"image\": \"https://example.org/sub/path/reviews/dune/poster.jpg\""))
        // The files themselves are where the URLs say, relative to the output folder.
        #expect(site.output("reviews/dune/poster.jpg") == "JPEG")
    }

    @Test func aBundleWithASlugTakesItsFilesAlong() async throws {
        let site = try site(["content/reviews/dune/index.md": Self.dune.replacingOccurrences(of: "rating: 9\n", with: "rating: 9\nslug: dune-1984\n")])
        try await site.build()
        #expect(site.output("reviews/dune-1984/poster.jpg") == "JPEG")
        #expect(site.output("reviews/dune/poster.jpg") == nil)
        #expect(try body(site, "reviews/dune-1984/index.html").hasPrefix("<p><img src=\"/reviews/dune-1984/poster.jpg\""))
    }

    @Test func aBundleUnderAPermalinkPatternTakesItsFilesAlong() async throws {
        let site = try site(["content/reviews/arrival.md": "---\ntitle: Arrival\ndate: 2024-01-01\nrating: 8\n---\n"],
                            section: "permalink: /:year/:month/:slug/\n")
        try await site.build()
        #expect(site.output("2024/03/dune/poster.jpg") == "JPEG")
        #expect(try body(site, "2024/03/dune/index.html").contains("<a href=\"/2024/01/arrival/\">Arrival</a>"))
    }

    @Test func aMissingImageFieldIsAnErrorAtItsValue() async throws {
        let site = try site(["content/reviews/dune/index.md": "---\ntitle: Dune\nrating: 9\nposter: cover.jpg\n---\n"])
        await site.expectFailure([
            "content/reviews/dune/index.md:4:9: error: image 'cover.jpg' for 'poster' not found; looked for content/reviews/dune/cover.jpg\n  hint: paths without a leading '/' are relative to the item's folder",
        ])
    }

    @Test func missingMarkdownTargetsAreErrorsAtTheirLineAndColumn() async throws {
        let site = try site(["content/reviews/dune/index.md": """
            ---
            title: Dune
            rating: 9
            ---
            Intro.

            ![Missing](missing.jpg) and [gone](gone.pdf).
              See [nope](../nope.md) and ![far](/images/far.png).

            """])
        await site.expectFailure([
            "content/reviews/dune/index.md:7:12: error: image 'missing.jpg' not found; looked for content/reviews/dune/missing.jpg\n  hint: paths without a leading '/' are relative to the item's folder",
            "content/reviews/dune/index.md:7:36: error: file 'gone.pdf' not found; looked for content/reviews/dune/gone.pdf\n  hint: paths without a leading '/' are relative to the item's folder",
            "content/reviews/dune/index.md:8:14: error: file '../nope.md' not found; looked for content/reviews/nope.md\n  hint: paths without a leading '/' are relative to the item's folder",
            "content/reviews/dune/index.md:8:37: error: image '/images/far.png' not found; looked for content/images/far.png\n  hint: paths starting with '/' are relative to content/",
        ])
    }

    @Test func aTargetOutsideTheContentFolderIsAnError() async throws {
        let site = try site(["content/reviews/dune/index.md": "---\ntitle: Dune\nrating: 9\n---\n[secrets](../../../../etc/passwd)\n"])
        await site.expectFailure([
            "content/reviews/dune/index.md:5:11: error: '../../../../etc/passwd' points outside the content folder\n  hint: link to files under content/",
        ])
    }

    @Test func remoteTargetsAndAnchorsAreLeftAlone() async throws {
        let site = try site(["content/reviews/dune/index.md": "---\ntitle: Dune\nrating: 9\n---\n[a](https://example.com/x.png) [b](#top) [c](mailto:a@b.c) [d](/reviews/)\n"])
        try await site.build()
        #expect(try body(site, "reviews/dune/index.html") ==
            "<p><a href=\"https://example.com/x.png\">a</a> <a href=\"#top\">b</a> <a href=\"mailto:a@b.c\">c</a> <a href=\"/reviews/\">d</a></p>\n")
    }

    @Test func aBundleCannotAlsoBeASection() async throws {
        let site = try site(["content/reviews/dune/_index.md": "---\ntitle: Dune\n---\n"])
        await site.expectFailure([
            "content/reviews/dune/index.md:1:1: error: a folder cannot hold both index.md and _index.md\n  hint: _index.md makes a section; index.md makes one item with its files (a bundle)",
        ])
    }
}
