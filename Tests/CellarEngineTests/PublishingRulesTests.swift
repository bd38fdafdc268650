@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Drafts only with drafts, future dates only with future, nothing after `expires:` — and a hidden
/// item appears nowhere: no page, no cell in any list, no feed entry, no tag, no sitemap line.
/// ("Now" is fixed at 2030-01-01 by ``TemporarySite``.)
@Suite struct PublishingRulesTests {
    /// Why an item is hidden, as front matter.
    static let reasons = ["draft: true\ndate: 2024-05-01\n", "date: 2031-01-01\n", "date: 2024-05-01\nexpires: 2029-12-31\n"]

    private func site(hidden reason: String) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/visible.md": "---\ntitle: Visible\ndate: 2024-04-01\ntags: [shared]\n---\nSee [the other one](hidden.md).\n",
            "content/notes/hidden.md": "---\ntitle: Hidden Thing\n\(reason)tags: [shared, secret]\naliases: [/old-hidden/]\n---\nHidden body.\n",
            "content/notes/bundle/index.md": "---\ntitle: Hidden Bundle\n\(reason)---\n![still](still.png)\n",
            "content/notes/bundle/still.png": "png",
        ])
    }

    @Test(arguments: reasons)
    func aHiddenItemHasNoPage(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        #expect(site.output("notes/hidden/index.html") == nil)
        #expect(site.output("notes/bundle/index.html") == nil)
        #expect(site.output("notes/visible/index.html") != nil)
    }

    @Test(arguments: reasons)
    func aHiddenItemHasNoCellInAnyList(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        for page in ["index.html", "notes/index.html", "tags/shared/index.html"] {
            #expect(HTML.noteTitles(try site.page(page)) == ["Visible"], "in \(page)")
        }
    }

    @Test(arguments: reasons)
    func aHiddenItemHasNoFeedEntry(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        for feed in ["feed.xml", "rss.xml", "feed.json", "notes/feed.xml", "notes/rss.xml", "notes/feed.json"] {
            let text = try site.page(feed)
            #expect(text.contains("Visible"), "\(feed) lost the visible item")
            #expect(!text.contains("Hidden"), "\(feed) shows the hidden item")
        }
    }

    @Test(arguments: reasons)
    func aHiddenItemHasNoTagCountAndNoTagPage(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        let tags = try site.page("tags/index.html")
        #expect(tags.contains("<a href=\"/tags/shared/\">shared (1)</a>"))
        #expect(!tags.contains("secret"))
        #expect(site.output("tags/secret/index.html") == nil)
    }

    @Test(arguments: reasons)
    func aHiddenItemHasNoSitemapEntry(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        let sitemap = try site.page("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/notes/visible/</loc>"))
        #expect(!sitemap.contains("hidden"))
        #expect(!sitemap.contains("bundle"))
        #expect(!sitemap.contains("secret"))
    }

    @Test(arguments: reasons)
    func aHiddenItemLeavesNoTraceAnywhere(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build()
        #expect(site.outputFiles(containing: "Hidden") == [])
        #expect(site.outputFiles(containing: "secret") == [])
        // Its alias redirect and its bundle's files are not written either.
        #expect(site.output("old-hidden/index.html") == nil)
        #expect(site.output("notes/bundle/still.png") == nil)
    }

    @Test(arguments: reasons)
    func aLinkToAHiddenItemIsAWarning(_ reason: String) async throws {
        let site = try site(hidden: reason)
        let problems = await site.diagnostics()
        #expect(problems == [
            "content/notes/visible.md:6:21: warning: 'hidden.md' links to content/notes/hidden.md, which is not published in this build\n  hint: drafts, future-dated and expired items have no page",
        ])
    }

    @Test func draftsArePublishedWithDrafts() async throws {
        let site = try site(hidden: Self.reasons[0])
        try await site.build(drafts: true)
        #expect(try site.page("notes/hidden/index.html").contains("<h1>Hidden Thing</h1>"))
        #expect(HTML.noteTitles(try site.page("notes/index.html")) == ["Hidden Bundle", "Hidden Thing", "Visible"])
        #expect(try site.page("tags/index.html").contains("shared (2)"))
        #expect(site.output("notes/bundle/still.png") == "png")
        #expect(site.output("old-hidden/index.html") != nil)
    }

    @Test func futureItemsArePublishedWithFuture() async throws {
        let site = try site(hidden: Self.reasons[1])
        try await site.build(future: true)
        #expect(try site.page("notes/hidden/index.html").contains("<h1>Hidden Thing</h1>"))
        #expect(HTML.noteTitles(try site.page("notes/index.html")) == ["Hidden Bundle", "Hidden Thing", "Visible"])
        #expect(try site.page("feed.xml").contains("<title>Hidden Thing</title>"))
    }

    @Test(arguments: reasons)
    func aRebuildWithoutTheOptionTakesAHiddenItemOutAgain(_ reason: String) async throws {
        let site = try site(hidden: reason)
        try await site.build(drafts: true, future: true)
        let shown = try site.page("index.html")
        try await site.build()
        if reason.contains("expires") {
            #expect(try site.page("index.html") == shown)
        }
        #expect(site.output("notes/hidden/index.html") == nil)
        #expect(site.outputFiles(containing: "Hidden") == [])
        #expect(site.outputFiles(containing: "secret") == [])
        #expect(site.output("old-hidden/index.html") == nil)
        #expect(site.output("notes/bundle/still.png") == nil)
    }

    @Test func draftsAreNotFutureAndFutureIsNotDrafts() async throws {
        let draft = try site(hidden: Self.reasons[0])
        try await draft.build(future: true)
        #expect(draft.output("notes/hidden/index.html") == nil)
        let future = try site(hidden: Self.reasons[1])
        try await future.build(drafts: true)
        #expect(future.output("notes/hidden/index.html") == nil)
    }

    @Test func expiredItemsStayHiddenWhateverTheOptions() async throws {
        let site = try site(hidden: Self.reasons[2])
        try await site.build(drafts: true, future: true)
        #expect(site.output("notes/hidden/index.html") == nil)
    }

    @Test(arguments: [("expires: 2030-06-01\n", true), ("expires: 2030-01-01\n", false), ("expires: 2029-12-31T23:59:59Z\n", false)])
    func expiresHidesFromThatMomentOn(_ line: String, _ published: Bool) async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/offer.md": "---\ntitle: Offer\n\(line)---\n",
        ])
        try await site.build()
        #expect((site.output("notes/offer/index.html") != nil) == published)
    }

    @Test(arguments: [("date: 2029-12-31T23:59:59Z\n", true), ("date: 2030-01-01T00:00:01Z\n", false)])
    func futureMeansAfterNow(_ line: String, _ published: Bool) async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/soon.md": "---\ntitle: Soon\n\(line)---\n",
        ])
        try await site.build()
        #expect((site.output("notes/soon/index.html") != nil) == published)
    }

    @Test func hiddenItemsAreStillChecked() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/wip.md": "---\ntitle: WIP\ndraft: true\ndate: soon\n---\n",
        ])
        await site.expectFailure([
            "content/notes/wip.md:4:7: error: 'date' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"soon\"",
        ])
    }
}
