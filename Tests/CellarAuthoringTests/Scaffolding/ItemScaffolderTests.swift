import CellarDefaultTheme
import CellarDiagnostics
@testable import CellarAuthoring
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `cellar new <kind> <section>/<slug>`: front matter from the kind's schema, placeholders that keep
/// a half-written item from being published, and no file ever replaced.
@Suite struct ItemScaffolderTests {
    @Test func aReviewListsEveryFieldOfItsKind() throws {
        let site = try TemporarySite.scaffolded()
        let item = try site.newItem("review", at: "posts/dune", title: "Dune: Part Two")
        #expect(site.relative(item.display) == "content/posts/dune.md")
        #expect(item.path == site.root + "/content/posts/dune.md")
        #expect(try site.read("content/posts/dune.md") == """
            ---
            title: "Dune: Part Two"
            date: 2030-01-01T00:00:00Z
            kind: review
            rating: <integer from 0 to 10>   # Score out of ten
            # poster: image? — Poster or cover art
            # verdict: enum?: must-see | good | skip — The short answer
            # subject: string? — What is reviewed, if not the title
            # year: int?, 1800…2200 — Year it came out
            # by: string? — Director, author or artist
            ---

            Write the review here, in Markdown.

            """)
    }

    @Test func requiredListsAndDefaultsAreWrittenSoThatUncommentingGivesAValue() throws {
        let site = try TemporarySite.scaffolded()
        try site.newItem("release", at: "posts/v1", title: "Version 1")
        #expect(try site.read("content/posts/v1.md") == """
            ---
            title: "Version 1"
            date: 2030-01-01T00:00:00Z
            kind: release
            version: <text of 1 to 40 characters>   # Version number, e.g. 1.4.0
            changes:   # What changed, one line each (inline Markdown)
              - <text (inline Markdown)>
            # breaking: false — Whether it breaks compatibility (default)
            # download: url? — Where to get it
            ---

            Write the release here, in Markdown.

            """)
    }

    @Test func theKindLineIsLeftOutWhenTheSectionsKindIsTheSameAndTheDateIsInTheSitesZone() throws {
        let site = try TemporarySite.scaffolded([
            "content/_index.md": "---\ntitle: Notes\ntimezone: Europe/Paris\n---\n",
        ])
        try site.newItem("article", at: "content/posts/first.md")
        #expect(try site.read("content/posts/first.md") == """
            ---
            title: <text of at least 1 character>
            date: 2030-01-01T01:00:00+01:00
            # subtitle: string?, at most 160 characters — A line under the title
            # cover: image? — Cover image, shown in the cell and at the top of the page
            # cover_alt: string? — Alt text of the cover image
            ---

            Write the article here, in Markdown.

            """)
    }

    @Test func datesObjectsListsOfValuesAndBooleansGetPlaceholdersToo() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/events/_index.md": "---\ntitle: Events\n---\n",
            "themes/default/cells/event.html": "<li>{{title}}</li>\n",
            "themes/default/kinds/event.yml": """
                label: Event
                fields:
                  starts: date
                  venue:
                    type: object
                    fields:
                      name: string
                      city: string?
                  formats: {type: "[enum]", values: [talk, workshop], min_items: 2}
                  online: bool
                  capacity: {type: int, min: 1, default: 100, description: "Seats"}
                  level: {type: enum, values: [beginner, expert], default: beginner, description: "Audience"}
                """,
        ])
        try site.newItem("event", at: "events/launch", title: "Launch")
        #expect(try site.read("content/events/launch.md") == """
            ---
            title: "Launch"
            date: 2030-01-01T00:00:00Z
            kind: event
            starts: <date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with optional zone)>
            venue:
              name: <text>
              # city: string?
            formats:
              - <talk | workshop>
              - <talk | workshop>
            online: <true or false>
            # capacity: 100 — Seats (default)
            # level: beginner — Audience (default; one of beginner | expert)
            ---

            Write the event here, in Markdown.

            """)
        let problems = await site.checkDiagnostics().map { $0.prefix { $0 != "\n" } }
        #expect(problems == [
            "content/events/launch.md:5:9: error: 'starts' still holds the placeholder <date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with optional zone)>",
            "content/events/launch.md:7:9: error: 'venue.name' still holds the placeholder <text>",
            "content/events/launch.md:10:5: error: 'formats[1]' still holds the placeholder <talk | workshop>",
            "content/events/launch.md:11:5: error: 'formats[2]' still holds the placeholder <talk | workshop>",
            "content/events/launch.md:12:9: error: 'online' still holds the placeholder <true or false>",
        ])
    }

    /// What `cellar check` says of a fresh item of each kind of the default theme, untouched: one
    /// error per placeholder, at the placeholder.
    static let placeholderErrors: [String: [String]] = [
        "article": [],
        "link": [
            "content/posts/new.md:5:7: error: 'link' still holds the placeholder <URL (https://… or /path)>\n  hint: replace it with a URL (https://… or /path)",
        ],
        "note": [],
        "page": [],
        "photo": [
            "content/posts/new.md:5:8: error: 'image' still holds the placeholder <image path (/images/x.png from content/, or x.png beside the item) or https URL>\n  hint: replace it with an image path (/images/x.png from content/, or x.png beside the item) or an https URL",
        ],
        "quote": [
            "content/posts/new.md:5:9: error: 'author' still holds the placeholder <text of at least 1 character>\n  hint: replace it with text of at least 1 character",
        ],
        "release": [
            "content/posts/new.md:5:10: error: 'version' still holds the placeholder <text of 1 to 40 characters>\n  hint: replace it with text of 1 to 40 characters",
            "content/posts/new.md:7:5: error: 'changes[1]' still holds the placeholder <text (inline Markdown)>\n  hint: replace it with text (inline Markdown)",
        ],
        "review": [
            "content/posts/new.md:5:9: error: 'rating' still holds the placeholder <integer from 0 to 10>\n  hint: replace it with an integer from 0 to 10",
        ],
        "setting": [
            "content/posts/new.md:5:8: error: 'style' still holds the placeholder <info | link | toggle>\n  hint: replace it with one of info, link, toggle",
            "content/posts/new.md:6:8: error: 'group' still holds the placeholder <text of at least 1 character>\n  hint: replace it with text of at least 1 character",
        ],
        "video": [
            "content/posts/new.md:5:9: error: 'poster' still holds the placeholder <image path (/images/x.png from content/, or x.png beside the item) or https URL>\n  hint: replace it with an image path (/images/x.png from content/, or x.png beside the item) or an https URL",
            "content/posts/new.md:6:7: error: 'link' still holds the placeholder <URL (https://… or /path)>\n  hint: replace it with a URL (https://… or /path)",
        ],
    ]

    @Test(arguments: DefaultTheme.paths.filter { $0.hasPrefix("kinds/") }.map { String($0.dropFirst(6).dropLast(4)) })
    func aNewItemFailsCheckUntilEveryPlaceholderIsFilled(_ kind: String) async throws {
        let site = try TemporarySite.scaffolded()
        try site.newItem(kind, at: "posts/new", title: "New")
        let expected = try #require(Self.placeholderErrors[kind], "no expectation for kind '\(kind)'")
        if expected.isEmpty {
            let problems = await site.checkDiagnostics()
            #expect(problems == [])
        } else {
            let report = await site.check()
            #expect(!report.built && report.hasErrors)
            #expect(report.diagnostics.map { site.relative($0.description) } == expected)
        }

        try site.write(["content/posts/new.md": Self.filled(try site.read("content/posts/new.md"))])
        let problems = await site.checkDiagnostics()
        #expect(problems == [])
        try await site.build()
        #expect(site.outputFiles(containing: "New").isEmpty == false)
    }

    @Test func anUntitledItemFailsOnItsTitleToo() async throws {
        let site = try TemporarySite.scaffolded()
        try site.newItem("note", at: "posts/untitled")
        let problems = await site.checkDiagnostics()
        #expect(problems == [
            "content/posts/untitled.md:2:8: error: 'title' still holds the placeholder <text of at least 1 character>\n  hint: replace it with text of at least 1 character",
        ])
    }

    @Test func anExistingFileIsNeverReplaced() throws {
        let site = try TemporarySite.scaffolded(["content/posts/bundle/index.md": "---\ntitle: Mine\n---\n"])
        #expect(site.newItemFailure("article", at: "posts/hello-world") == [
            "content/posts/hello-world.md:1:1: error: content/posts/hello-world.md already exists\n  hint: choose another slug, or edit that file",
        ])
        #expect(site.newItemFailure("article", at: "posts/bundle") == [
            "content/posts/bundle/index.md:1:1: error: content/posts/bundle/index.md already exists\n  hint: choose another slug, or edit that file",
        ])
        #expect(try site.read("content/posts/hello-world.md").contains("title: Hello, world"))
    }

    @Test func anUnknownKindIsRefusedWithTheWordingOfBuilds() throws {
        let site = try TemporarySite.scaffolded()
        #expect(site.newItemFailure("reveiw", at: "posts/dune") == [
            "error: unknown kind 'reveiw' (known kinds: article, link, note, page, photo, quote, release, review, setting, video)\n  hint: did you mean 'review'?",
        ])
        #expect(!site.exists("content/posts/dune.md"))
    }

    @Test func aMissingSectionIsRefusedWithTheSectionsThereAre() throws {
        let site = try TemporarySite.scaffolded(["content/reviews/_index.md": "---\ntitle: Reviews\nkind: review\n---\n"])
        #expect(site.newItemFailure("review", at: "reveiws/dune") == [
            "error: no section 'reveiws' in content/\n  hint: did you mean 'reviews'?",
        ])
        #expect(site.newItemFailure("review", at: "films/dune") == [
            "error: no section 'films' in content/\n  hint: sections: posts, reviews (a section is a folder with an _index.md)",
        ])
    }

    @Test func aFolderInsideASectionAndTheTopOfContentAreFine() throws {
        let site = try TemporarySite.scaffolded()
        try FileManager.default.createDirectory(atPath: site.root + "/content/posts/2030", withIntermediateDirectories: true)
        try site.newItem("note", at: "posts/2030/new-year", title: "New year")
        try site.newItem("article", at: "colophon", title: "Colophon")
        try site.newItem("page", at: "contact", title: "Contact")
        #expect(site.exists("content/posts/2030/new-year.md") && site.exists("content/colophon.md"))
        // At the top of content/, a page is what an item is without a kind: line.
        #expect(try site.read("content/colophon.md").contains("kind: article"))
        #expect(!(try site.read("content/contact.md")).contains("kind:"))
    }

    @Test(arguments: [("posts/my post", "my-post"), ("posts/a?b", "a-b"), ("posts/_index", "index")])
    func anInvalidSlugIsRefusedWithAnExample(_ target: String, _ example: String) throws {
        let site = try TemporarySite.scaffolded()
        let slug = String(target.dropFirst("posts/".count))
        #expect(site.newItemFailure("article", at: target) == [
            "error: '\(slug)' is not a valid slug\n  hint: use letters, digits and hyphens, for example: \(example)",
        ])
    }

    /// The item with each `<placeholder>` replaced by a value its field accepts.
    static func filled(_ text: String) -> String {
        let values = [
            "rating": "7", "link": "https://example.org/", "image": "https://example.org/photo.jpg",
            "poster": "https://example.org/poster.jpg", "author": "Ada", "version": "1.0.0", "changes": "First release",
            "style": "info", "group": "General",
        ]
        var field = ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let open = line.firstIndex(of: "<"), let close = line[open...].firstIndex(of: ">") else {
                if let colon = trimmed.firstIndex(of: ":"), !trimmed.hasPrefix("#") { field = String(trimmed[..<colon]) }
                return String(line)
            }
            if !trimmed.hasPrefix("-"), let colon = trimmed.firstIndex(of: ":") { field = String(trimmed[..<colon]) }
            return String(line[..<open]) + (values[field] ?? "x") + String(line[line.index(after: close)...])
        }.joined(separator: "\n")
    }
}
