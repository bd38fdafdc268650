import CellarDiagnostics
@testable import CellarAuthoring
@testable import CellarEngine
import CellarOutput
import CellarSiteTestSupport
import Foundation
import Testing

/// A site overrides any file of its theme from its own folders — `layouts/`, `cells/`, `pages/`,
/// `partials/`, `kinds/`, `shortcodes/`, `assets/`, `i18n/` at its root, before the theme's — and
/// the theme folder stays as it came.
@Suite struct ThemeOverridesTests {
    @Test func theSitesOwnFilesAreUsedInsteadOfTheThemes() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "cells/review.html": "<li class=\"mine\">{{title}}: {{rating}}</li>\n",
            "layouts/item.html": "{{<base}}{{$main}}{{#item}}<article class=\"mine\"><h1>{{title}}</h1></article>{{/item}}{{/main}}{{/base}}",
            "partials/greeting.html": "<p>Hello from the site</p>",
            "layouts/404.html": "{{<base}}{{$main}}{{>greeting}}{{/main}}{{/base}}",
            "kinds/note.yml": "label: Note\npage: true\nfields:\n  mood: string?\n",
            "assets/css/site.css": "body { color: #111; }\n",
            "themes/default/assets/css/site.css": "body { color: red; }\n",
            "themes/default/assets/logo.svg": "<svg/>",
            "content/notes/festival.md": "---\ntitle: Festival week\ndate: 2024-02-15\nmood: glad\n---\nSeven films.\n",
        ])
        try await site.build()
        #expect(try site.page("reviews/index.html").contains("<li class=\"mine\">Dune: 9</li>"))
        #expect(try site.page("reviews/dune/index.html").contains("<article class=\"mine\"><h1>Dune</h1></article>"))
        #expect(try site.page("404.html").contains("<p>Hello from the site</p>"))
        #expect(try site.page("css/site.css") == "body { color: #111; }\n")
        #expect(try site.page("logo.svg") == "<svg/>")   // the theme's files the site does not override stay
        // The theme folder is untouched: a theme upgrade is a copy, not a merge.
        #expect(try String(contentsOfFile: site.root + "/themes/default/cells/review.html", encoding: .utf8)
                == MinimalTheme.files["themes/default/cells/review.html"])
    }

    @Test func mistakesAreReportedInTheSitesFileThatWon() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "cells/review.html": "<li>{{titel}}</li>\n",
            "kinds/note.yml": "label: Note\nfields:\n  mood: strng\n",
        ])
        let failures = await site.failures().map(site.relative)
        #expect(failures == [
            "cells/review.html:1:5: error: 'titel' is not a field of kind 'review'; did you mean 'title'?",
            "kinds/note.yml:3:9: error: unknown type 'strng' for field 'mood'; did you mean 'string'?",
        ])
    }

    @Test func theKindsCatalogSaysWhichFileDrawsEachKindAndWhatTheSiteOverrides() async throws {
        let site = try TemporarySite(fixture: "cinema", files: [
            "cells/review.html": "<li>{{title}}</li>\n",
            "pages/note.html": "{{<base}}{{$main}}{{#item}}<h1>{{title}}</h1>{{/item}}{{/main}}{{/base}}",
            "partials/extra.html": "<p>Extra</p>",
        ])
        let catalog = try KindCatalog.load(options: site.options())
        let review = try #require(catalog["review"])
        let shown = { (file: ThemeFiles.File?) in file.map { site.relative($0.display) + " ← " + ($0.hides.map(site.relative) ?? "nothing") } }
        #expect(shown(review.cell) == "cells/review.html ← themes/default/cells/review.html")
        #expect(shown(review.page) == "themes/default/layouts/item.html ← nothing" && review.page?.isSite == false)
        #expect(shown(catalog["note"]?.page) == "pages/note.html ← nothing" && catalog["note"]?.page?.isSite == true)
        #expect(catalog.siteFiles.map { shown($0.file) } == [
            "cells/review.html ← themes/default/cells/review.html", "pages/note.html ← nothing", "partials/extra.html ← nothing",
        ])
    }

    @Test func aSiteFileLinkedFromOutsideTheSiteIsRefused() async throws {
        let outside = try TemporarySite(files: ["elsewhere.html": "<li>{{title}}</li>\n"], theme: .none)
        let site = try TemporarySite(fixture: "cinema")
        try FileManager.default.createDirectory(atPath: site.root + "/cells", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/cells/review.html", withDestinationPath: outside.root + "/elsewhere.html")
        let failures = await site.failures().map(site.relative)
        #expect(failures == ["cells/review.html:1:1: error: the symlink cells/review.html leads outside the site, to \(outside.root)/elsewhere.html"])
    }

    /// What a build reads, and `cellar serve` watches: the override folders that exist.
    @Test func theOverrideFoldersAreInputs() throws {
        let site = try TemporarySite(fixture: "cinema", files: ["layouts/item.html": "x", "i18n/en.yml": "previous: Back\n"])
        let layout = SiteLayout(options: site.options())
        #expect(layout.inputFolders == [site.root + "/content", site.root + "/themes", site.root + "/layouts", site.root + "/i18n"])
        #expect(layout.themeOverrides.count == ThemeFiles.overridingFolders.count)
    }

    /// `cellar build` knows a site whose override changed is not up to date.
    @Test func anOverrideEditIsSeenByTheUpToDateCheck() async throws {
        let site = try TemporarySite(fixture: "cinema", files: ["cells/review.html": "<li>A {{title}}</li>\n"])
        try await site.build()
        #expect(try await site.build().upToDate)
        try site.write(["cells/review.html": "<li>B {{title}}</li>\n"])
        let again = try await site.build()
        #expect(!again.upToDate)
        #expect(try site.page("reviews/index.html").contains("<li>B Dune</li>"))
    }
}
