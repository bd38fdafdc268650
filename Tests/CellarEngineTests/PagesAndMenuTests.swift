@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Standalone pages (`content/about.md`) and the `menu:` that drives the navigation.
@Suite struct PagesAndMenuTests {
    /// The `<nav class="site-nav">` entries of a page: `label → href` (`*` marks the current one).
    private func navigation(_ html: String) -> [String] {
        let nav = HTML.slices(of: html, between: "<nav class=\"site-nav\"", and: "</nav>").first ?? ""
        return HTML.slices(of: nav, between: "<li><a href=\"", and: "</a></li>").map { entry in
            let href = String(entry.prefix { $0 != "\"" })
            let label = String(entry[(entry.lastIndex(of: ">").map(entry.index(after:)) ?? entry.endIndex)...])
            return (entry.contains("aria-current=\"page\"") ? "*" : "") + label + " → " + href
                + (entry.contains("rel=\"external\"") ? " (external)" : "")
        }
    }

    private func settings(menu: String) -> String {
        "---\ntitle: Notes\nbase_url: https://example.org/\n\(menu)---\n\nWelcome.\n"
    }

    @Test func aStandalonePageHasItsOwnLayoutAndNoItemChrome() async throws {
        let site = try TemporarySite.scaffolded([
            "content/colophon.md": "---\ntitle: Colophon\ndate: 2029-01-01\n---\n\nSet in system fonts.\n",
            "content/docs/install.md": "---\ntitle: Install\n---\n\nRun the installer.\n",
        ])
        try await site.build()
        let colophon = try site.page("colophon/index.html")
        #expect(colophon.contains("<article class=\"item item-page wrap narrow\">\n<header class=\"item-head\">\n<h1>Colophon</h1>\n</header>"))
        #expect(!colophon.contains("item-meta") && !colophon.contains("min read") && !colophon.contains("class=\"neighbours"))
        #expect(colophon.contains("<body class=\"role-page\">"))
        // A folder that is not a section holds pages too.
        #expect(try site.page("docs/install/index.html").contains("<h1>Install</h1>"))
        // Pages are not posts: no feed lists them.
        for feed in ["feed.xml", "rss.xml", "feed.json"] { #expect(!(try site.page(feed)).contains("Colophon")) }
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/colophon/</loc>"))
    }

    @Test func theMenuListsSectionsPagesAndLinksInItsOrder() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: """
                menu:
                  - about
                  - posts
                  - {page: colophon, label: How it is made}
                  - {section: posts/notes, label: Notes}
                  - {url: "https://github.com/ada", label: Code}
                  - {url: /tags/, label: Topics}

                """),
            "content/colophon.md": "---\ntitle: Colophon\n---\n\nSet in system fonts.\n",
            "content/posts/notes/_index.md": "---\ntitle: Short notes\n---\n",
            "content/posts/notes/one.md": "---\ntitle: One\ndate: 2029-01-01\n---\n\nHi.\n",
        ])
        try await site.build()
        #expect(navigation(try site.page("about/index.html")) == [
            "*About → /about/", "Posts → /posts/", "How it is made → /colophon/", "Notes → /posts/notes/",
            "Code → https://github.com/ada (external)", "Topics → /tags/",
        ])
        // A page in a subsection is in its section too.
        #expect(navigation(try site.page("posts/notes/one/index.html")).filter { $0.hasPrefix("*") } == ["*Posts → /posts/", "*Notes → /posts/notes/"])
        #expect(navigation(try site.page("index.html")).filter { $0.hasPrefix("*") } == [])
    }

    @Test func withoutAMenuTheNavigationIsTheTopLevelSections() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: ""),
            "content/links/_index.md": "---\ntitle: Links\nkind: link\nweight: 2\n---\n",
        ])
        try await site.build()
        #expect(navigation(try site.page("posts/index.html")) == ["*Posts → /posts/", "Links → /links/", "Tags → /tags/"])
    }

    /// An explicit menu is the whole menu: the theme adds no Tags link to it (a menu that wants one names /tags/).
    @Test func anExplicitMenuGetsNoTagsLinkAdded() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: "menu: [posts, about]\n"),
            "content/posts/tagged.md": "---\ntitle: Tagged\ndate: 2029-01-01\ntags: [cellar]\n---\n\nHi.\n",
        ])
        try await site.build()
        #expect(navigation(try site.page("index.html")) == ["Posts → /posts/", "About → /about/"])
        #expect(site.exists("public/tags/cellar/index.html"))
    }

    /// `tags` in a menu is the tags page, in the site's language, there only while some item has tags.
    @Test func tagsInAMenuIsTheTagsPageWhileThereIsOne() async throws {
        let site = try TemporarySite.scaffolded(["content/_index.md": settings(menu: "menu: [posts, tags, {section: posts, label: Blog}]\n")])
        try await site.build()
        #expect(navigation(try site.page("tags/index.html")) == ["Posts → /posts/", "*Tags → /tags/", "Blog → /posts/"])
        try site.write(["content/posts/hello-world.md": "---\ntitle: Hello\ndate: 2029-01-01\n---\n\nNo tags.\n"])
        #expect(await site.diagnostics() == [])
        #expect(navigation(try site.page("index.html")) == ["Posts → /posts/", "Blog → /posts/"])
        #expect(await site.checkDiagnostics() == [])
    }

    /// The home page shows its sections in the menu's order; those it does not name follow by
    /// weight, then title — never alphabetically ahead of the menu.
    @Test func theHomePageShowsSectionsInTheMenusOrder() async throws {
        func home(_ site: TemporarySite) throws -> [String] {
            HTML.slices(of: try site.page("index.html"), between: "<h2 id=\"home-", and: "</a></h2>")
                .map { String($0[(($0.lastIndex(of: ">").map($0.index(after:))) ?? $0.endIndex)...]) }
        }
        var files = [
            "content/reading/_index.md": "---\ntitle: Reading list\n---\n",
            "content/reading/dune.md": "---\ntitle: Dune\ndate: 2029-01-02\n---\n\nSand.\n",
            "content/changelog/_index.md": "---\ntitle: Changelog\n---\n",
            "content/changelog/v1.md": "---\ntitle: Version 1\ndate: 2029-01-03\n---\n\nFirst.\n",
            "content/photos/_index.md": "---\ntitle: Photos\n---\n",
            "content/photos/sea.md": "---\ntitle: Sea\ndate: 2029-01-04\n---\n\nBlue.\n",
            "content/_index.md": settings(menu: "menu: [reading, photos, about, changelog]\n"),
        ]
        let site = try TemporarySite.scaffolded(files)
        try await site.build()
        #expect(try home(site) == ["Reading list", "Photos", "Changelog", "Posts"])
        // Without a menu, by weight (then title).
        files["content/_index.md"] = settings(menu: "")
        files["content/photos/_index.md"] = "---\ntitle: Photos\nweight: -1\n---\n"
        let weighted = try TemporarySite.scaffolded(files)
        try await weighted.build()
        #expect(try home(weighted) == ["Photos", "Changelog", "Posts", "Reading list"])
    }

    /// A section sorted by weight (a guide, a settings list) shows its first items on the home page
    /// in its own order; a section sorted by date shows its latest (and so does one sorted by
    /// title: `ListPagesTests.theHomePageShowsTheLatestItemsEvenOfSectionsSortedOtherwise`).
    @Test func theHomePageShowsEachSectionInItsOwnOrder() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: "home_items: 2\n"),
            "content/guide/_index.md": "---\ntitle: Guide\nsort: weight\n---\n",
            "content/guide/install.md": "---\ntitle: Install\nweight: 1\ndate: 2029-01-01\n---\n\nFirst.\n",
            "content/guide/preview.md": "---\ntitle: Preview\nweight: 2\ndate: 2029-01-02\n---\n\nSecond.\n",
            "content/guide/deploy.md": "---\ntitle: Deploy\nweight: 3\ndate: 2029-03-01\n---\n\nLast, but newest.\n",
            "content/notes/_index.md": "---\ntitle: Notes\n---\n",
            "content/notes/a.md": "---\ntitle: Older\ndate: 2029-01-01\n---\n\nA.\n",
            "content/notes/b.md": "---\ntitle: Middle\ndate: 2029-02-01\n---\n\nB.\n",
            "content/notes/c.md": "---\ntitle: Newest\ndate: 2029-03-01\n---\n\nC.\n",
        ])
        try await site.build()
        let home = try site.page("index.html")
        func titles(_ section: String) -> [String] {
            let part = HTML.slices(of: home, between: "<h2 id=\"home-\(section)", and: "</section>").first ?? ""
            return ["Install", "Preview", "Deploy", "Older", "Middle", "Newest"]
                .compactMap { title in part.range(of: ">\(title)<").map { (title, $0.lowerBound) } }
                .sorted { $0.1 < $1.1 }.map(\.0)
        }
        #expect(titles("guide") == ["Install", "Preview"])
        #expect(titles("notes") == ["Newest", "Middle"])
    }

    @Test func aMenuEntryThatLeadsNowhereIsAnErrorAtItsLine() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: """
                menu:
                  - abuot
                  - {section: about}
                  - {page: psots/hello-world}
                  - /tags/

                """),
        ])
        await site.expectFailure([
            "content/_index.md:5:5: error: menu entry 'abuot' is not a section or a page of the site; did you mean 'about'?\n  hint: name a section by its folder (blog), a page by its file without .md (about), or write a URL",
            "content/_index.md:6:15: error: menu entry 'about' is not a section\n  hint: sections are folders of content/ with an _index.md: posts",
            "content/_index.md:7:12: error: menu entry 'psots/hello-world' is not a page; did you mean 'posts/hello-world'?\n  hint: a page is named by its file under content/ without .md: content/about.md is 'about'",
        ])   // `/tags/` is the tags page (the site has tags)
    }

    @Test func aMenuEntryWrittenWronglyIsAnErrorAtItsLine() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: """
                menu:
                  - {url: "ftp://example.org/"}
                  - {lable: Home, page: about}
                  - {label: Lost}
                  - [posts]
                  - {page: about, url: "https://example.org/"}

                """),
        ])
        await site.expectFailure([
            "content/_index.md:5:11: error: 'url' must be an address such as https://example.org/ or a path such as /tags/, found \"ftp://example.org/\"\n  hint: for a section or a page of this site, write section: or page:",
            "content/_index.md:6:6: error: unknown key 'lable' in a menu entry; did you mean 'label'?\n  hint: a menu entry has one of section, page or url, and may have a label",
            "content/_index.md:7:5: error: a menu entry needs a section, a page or a url\n  hint: for example: {page: about, label: About me}",
            "content/_index.md:8:5: error: a menu entry must be a name, a link or a mapping such as {page: about, label: About}, found a list",
            "content/_index.md:9:19: error: a menu entry leads to one place: it has both url and another target\n  hint: make two entries",
        ])
    }

    @Test func aPageNotYetPublishedIsLeftOutOfTheMenuWithAWarning() async throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": settings(menu: "menu: [posts, about, colophon]\n"),
            "content/colophon.md": "---\ntitle: Colophon\ndraft: true\n---\n\nSoon.\n",
        ])
        #expect(await site.diagnostics() == [
            "content/_index.md:4:22: warning: menu entry 'colophon' is a draft, so the menu leaves it out\n  hint: it comes back once the page is published",
        ])
        #expect(navigation(try site.page("index.html")) == ["Posts → /posts/", "About → /about/"])
        try await site.build(drafts: true)
        #expect(navigation(try site.page("index.html")) == ["Posts → /posts/", "About → /about/", "Colophon → /colophon/"])
    }

    @Test func retitlingAPageTheMenuNamesRenamesItOnEveryPageOfASession() async throws {
        let site = try TemporarySite.scaffolded()
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        #expect(navigation(try site.page("posts/index.html")).contains("About → /about/"))
        let about = try site.read("content/about.md")
        try site.write(["content/about.md": about.replacingOccurrences(of: "title: About", with: "title: Who I am")])
        _ = try await session.build(changed: [site.root + "/content/about.md"])
        #expect(navigation(try site.page("posts/index.html")).contains("Who I am → /about/"))
        #expect(navigation(try site.page("posts/hello-world/index.html")).contains("Who I am → /about/"))
    }
}
