@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Slugs, permalinks, aliases, tags and base URLs that try to leave the output folder, overwrite
/// what another page or file wrote, or make a file name the file system refuses. Each is refused
/// with a located error before anything is written, and nothing ever lands outside `public/`.
@Suite struct URLAbuseTests {
    private func site(_ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        ].merging(files) { $1 })
    }

    /// The site one folder down, in `<temporary>/site`: what a build leaves beside it must stay empty.
    private struct Sandbox {
        let folder: TemporarySite
        var root: String { folder.root + "/site" }

        init(_ files: [String: String]) throws {
            folder = try TemporarySite(theme: .none)
            let all = MinimalTheme.files.merging([
                "content/_index.md": Fixture.site,
                "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            ]) { $1 }.merging(files) { $1 }
            try folder.write(Dictionary(uniqueKeysWithValues: all.map { ("site/" + $0.key, $0.value) }))
        }

        /// The build's diagnostics as printed, paths relative to the site.
        func diagnostics() async -> [String] {
            do {
                let options = BuildOptions(siteDirectory: root, now: TemporarySite.fixedNow)
                return try await SiteBuilder(options: options).build().diagnostics.map(\.description)
            } catch {
                return error.diagnostics.sorted.map { $0.description.replacingOccurrences(of: root + "/", with: "") }
            }
        }

        /// Whatever is in the temporary folder besides the site.
        var beside: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.root)) ?? []).filter { $0 != "site" }
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }
    }

    @Test(arguments: [
        ("../../escape", "../../escape"), ("..", ".."), (".", "."), ("a/b", "a/b"), ("a\\\\b", "a\\b"),
        ("/etc", "/etc"), ("%2e%2e", "%2e%2e"), ("a?b", "a?b"), ("a#b", "a#b"), ("with space", "with space"),
        ("\\0", "\u{0}"), ("\\n", "\n"), ("\\x7F", "\u{7F}"),
    ])
    func slugsThatAreNotOneSafeSegmentAreRefused(_ yaml: String, _ slug: String) async throws {
        let site = try Sandbox(["content/notes/a.md": "---\ntitle: A\nslug: \"\(yaml)\"\n---\n"])
        #expect(await site.diagnostics() == [
            "content/notes/a.md:3:7: error: 'slug' must be one URL segment without spaces, '/', '?', '#' or '%', found \"\(slug)\"\n  hint: for example: slug: \(Slug.make(slug))",
        ])
        #expect(site.beside.isEmpty)
        #expect(!site.exists("public"))
    }

    @Test func aSlugLongerThanAFileNameMayBeIsRefused() async throws {
        let slug = String(repeating: "é", count: 150)   // 150 characters, 300 bytes
        let site = try site(["content/notes/a.md": "---\ntitle: A\nslug: \(slug)\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:7: error: 'slug' must be at most 200 bytes, found 300\n  hint: shorten the slug; each part of a URL becomes a folder name",
        ])
    }

    @Test func aTitleUsedInAPermalinkIsSluggedWhateverItHolds() async throws {
        let site = try site([
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: "permalink: /notes/:title/\n"),
            "content/notes/a.md": "---\ntitle: \"../../../etc/passwd\"\n---\n",
            "content/notes/b.md": "---\ntitle: \"..\"\n---\n",
        ])
        try await site.build()
        #expect(site.exists("public/notes/etc-passwd/index.html"))
        #expect(site.exists("public/notes/untitled/index.html"))
    }

    @Test func aTitleTooLongForAPermalinkSegmentIsRefused() async throws {
        let title = String(repeating: "word ", count: 100)
        let site = try site([
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: "permalink: /notes/:title/\n"),
            "content/notes/a.md": "---\ntitle: \(title)\n---\n",
        ])
        await site.expectFailure([
            "content/notes/a.md:1:1: error: the URL of this item has a part of 499 bytes, more than the limit of 255\n  hint: give it a shorter 'slug:' or title, or change the section's permalink",
        ])
    }

    @Test func aTagTooLongForAURLIsRefusedAtTheTag() async throws {
        let tag = String(repeating: "t", count: 300)
        let site = try site(["content/notes/a.md": "---\ntitle: A\ntags: [short, \(tag)]\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:15: error: the tag '\(tag.prefix(40))…' makes a URL part of 300 bytes, more than the limit of 255\n  hint: shorten the tag",
        ])
    }

    @Test(arguments: [
        ("/../../:slug/", "permalink '/../../:slug/' may not contain '..'"),
        ("/notes/./:slug/", "permalink '/notes/./:slug/' may not contain '.'"),
        ("/a\\\\b/:slug/", "permalink '/a\\b/:slug/' may not contain '\\'"),
        ("/a?b/:slug/", "permalink '/a?b/:slug/' may not contain '?'"),
        ("/a#b/:slug/", "permalink '/a#b/:slug/' may not contain '#'"),
        ("/%2e%2e/:slug/", "permalink '/%2e%2e/:slug/' may not contain '%'"),
        ("/a b/:slug/", "permalink '/a b/:slug/' may not contain ' '"),
    ])
    func permalinksThatLeaveOrBreakTheSiteAreRefused(_ pattern: String, _ message: String) async throws {
        let site = try site([
            "content/notes/_index.md": Fixture.section("Notes", kind: "note", extra: "permalink: \"\(pattern)\"\n"),
            "content/notes/a.md": "---\ntitle: A\n---\n",
        ])
        let problems = await site.diagnostics()
        #expect(problems.first?.hasPrefix("content/notes/_index.md:4:12: error: " + message) == true, "\(problems)")
    }

    @Test(arguments: [
        ("../outside", "../outside"), ("/../../outside/", "/../../outside/"), ("/a/../../b/", "/a/../../b/"),
        ("https://evil.example/", "https://evil.example/"), ("//evil.example/x", "//evil.example/x"),
        ("\\\\evil\\\\x", "\\evil\\x"), ("/a?b", "/a?b"), ("/a#b", "/a#b"), ("javascript:alert(1)", "javascript:alert(1)"),
        ("/%2e%2e/%2e%2e/x/", "/%2e%2e/%2e%2e/x/"), ("/a/%2F/b/", "/a/%2F/b/"), ("/a%00b/", "/a%00b/"), ("/a%0Ab/", "/a%0Ab/"),
        ("/bad%zz/", "/bad%zz/"), ("/", "/"), ("", ""),
    ])
    func aliasesThatLeaveTheSiteAreRefused(_ yaml: String, _ alias: String) async throws {
        let site = try Sandbox(["content/notes/a.md": "---\ntitle: A\naliases: [\"\(yaml)\"]\n---\n"])
        #expect(await site.diagnostics() == [
            "content/notes/a.md:3:11: error: alias '\(alias)' must be a path on this site, such as /old/path/\n  hint: aliases may not contain '..', '\\\\', a scheme or a host",
        ])
        #expect(site.beside.isEmpty)
        #expect(!site.exists("public"))
    }

    @Test func percentEncodedAliasesAreWrittenWhereAServerLooksForThem() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: [\"/caf%C3%A9/\", \"/old page.html\"]\n---\n"])
        try await site.build()
        #expect(site.output("café/index.html")?.contains("https://example.org/notes/a/") == true)
        #expect(site.output("old page.html")?.contains("https://example.org/notes/a/") == true)
    }

    @Test func anAliasWithASegmentTooLongForTheFileSystemIsRefused() async throws {
        let alias = "/" + String(repeating: "x", count: 256) + "/"
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: [\"\(alias)\"]\n---\n"])
        await site.expectFailure([
            "content/notes/a.md:3:11: error: alias '\(alias)' must be a path on this site, such as /old/path/\n  hint: aliases may not contain '..', '\\\\', a scheme or a host",
        ])
    }

    @Test(arguments: [
        ("/index.html", "the home page"), ("/feed.xml", "the site's Atom feed"),
        ("/sitemap.xml", "a file Cellar writes"), ("/notes/", "content/notes/_index.md"),
        ("/notes/b/", "content/notes/b.md"), ("/notes/feed.json", "the JSON Feed feed of content/notes/_index.md"),
    ])
    func aliasesThatWouldOverwriteAnotherPageAreRefused(_ alias: String, _ owner: String) async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: [\"\(alias)\"]\n---\n",
                             "content/notes/b.md": "---\ntitle: B\n---\n"])
        let problems = await site.diagnostics()
        #expect(problems.first?.hasPrefix("content/notes/a.md:3:11: error: the alias \(URLPath(alias)) is also the URL of \(owner)") == true,
                "\(problems)")
    }

    @Test func anAliasOverATemplateAssetIsRefused() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\naliases: [/css/site.css]\n---\n",
                             "themes/default/assets/css/site.css": "body {}\n"])
        await site.expectFailure([
            "content/notes/a.md:3:11: error: the alias /css/site.css is also the URL of themes/default/assets/css/site.css\n  hint: remove the alias, or the item that already lives there",
        ])
    }

    @Test func aSlugOverATemplateAssetIsRefused() async throws {
        let site = try site(["content/icon.md": "---\ntitle: Icon\nkind: note\nslug: favicon.svg\n---\n",
                             "themes/default/assets/favicon.svg": "<svg/>"])
        await site.expectFailure([
            "content/icon.md:4:7: error: the URL /favicon.svg/ is also the URL of themes/default/assets/favicon.svg\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func aCopiedFileWhereAPageGoesIsRefused() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\n---\n",
                             "content/notes/a/index.html": "<p>mine</p>"])
        await site.expectFailure([
            "content/notes/a.md:1:1: error: the URL /notes/a/ is also the URL of content/notes/a/index.html\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func aCopiedFileOverATemplateAssetIsRefused() async throws {
        let site = try site(["content/css/site.css": "mine", "themes/default/assets/css/site.css": "theirs"])
        await site.expectFailure([
            "content/css/site.css:1:1: error: the URL /css/site.css is also the URL of themes/default/assets/css/site.css\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func tagsThatLookLikePathsStayUnderTags() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\ntags: [\"../../../etc\", \"..\", \"/\", \"%2e%2e\"]\n---\n"])
        try await site.build()
        for path in ["tags/etc/index.html", "tags/untitled/index.html", "tags/2e-2e/index.html"] {
            #expect(site.exists("public/" + path), "\(path)")
        }
        #expect(!site.exists("etc"))
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "https://", "https://exa mple.org/", "https://user@evil.example/",
        "ftp://example.org/", "example.org",
    ])
    func aBaseURLThatIsNotAnHTTPAddressIsRefused(_ url: String) async throws {
        let site = try site(["content/_index.md": "---\ntitle: T\nbase_url: \"\(url)\"\n---\n"])
        let problems = await site.diagnostics()
        #expect(problems.first?.hasPrefix("content/_index.md:3:11: error: ") == true, "\(problems)")
    }
}
