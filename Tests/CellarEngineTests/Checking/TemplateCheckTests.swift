@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Every `{{name}}`, section and partial of the theme is checked against what the renderer gives
/// the template: a cell against its kind, a layout against the page values.
@Suite struct TemplateCheckTests {
    static let book = """
        label: Book
        page: true
        fields:
          author: string
          pages: {type: int, min: 1, required: false}
          status: {type: enum, values: [reading, finished, abandoned], default: reading}
          cover: image?
        """

    /// A new site with the README's `book` kind, whose cell is `cell`.
    private func site(cell: String, _ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "themes/default/kinds/book.yml": Self.book,
            "themes/default/cells/book.html": cell,
            "content/books/_index.md": "---\ntitle: Books\nkind: book\n---\n",
            "content/books/piranesi.md": "---\ntitle: Piranesi\nauthor: Susanna Clarke\n---\n",
        ].merging(files) { $1 })
    }

    @Test func aTypoInACellIsAnErrorAtTheTagWithTheFieldItMeant() async throws {
        let site = try site(cell: "<article id=\"{{anchor}}\">\n<h3>{{title}}</h3>\n    {{autor}}{{#pages}}, {{pages}} pages{{/pages}}\n</article>\n")
        await site.expectFailure([
            "themes/default/cells/book.html:3:5: error: 'autor' is not a field of kind 'book'; did you mean 'author'?\n  hint: its own fields: author, pages, status, cover; every item also has: title, url, date, summary, content, tags, reading_time, section, fields, t, …",
        ])
        let report = await site.check()
        #expect(!report.built && report.diagnostics.map(\.headline).map(site.relative) == [
            "themes/default/cells/book.html:3:5: error: 'autor' is not a field of kind 'book'; did you mean 'author'?",
        ])
    }

    @Test func dottedNamesSectionsAndListsAreFollowed() async throws {
        let site = try site(cell: """
            <p>{{status.lable}} {{#date}}{{lnog}}{{/date}} {{tags.name}} {{title.x}} {{#tags}}{{name}} {{slug}}{{/tags}}</p>
            {{#status.finished}}done{{/status.finished}} {{site.title}}
            """)
        await site.expectFailure([
            "themes/default/cells/book.html:1:4: error: 'lable' is not a value of this enum field; did you mean 'label'?\n  hint: it has: value, label, reading, finished, abandoned",
            "themes/default/cells/book.html:1:30: error: 'lnog' is not a value of a date; did you mean 'long'?\n  hint: it has: iso, long, short, day, year, month, month_name, rfc822",
            "themes/default/cells/book.html:1:48: error: 'tags' is a list; it has no 'name'\n  hint: go through its elements with a section: {{#tags}}{{name}}{{/tags}}",
            "themes/default/cells/book.html:1:62: error: 'title' is text; it has no 'x'",
            "themes/default/cells/book.html:2:46: error: 'site' is not a field of kind 'book'\n  hint: its own fields: author, pages, status, cover; every item also has: title, url, date, summary, content, tags, reading_time, section, fields, t, …",
        ])
    }

    @Test func aPartialSharedByCellsMayNameAFieldOfAnyOfThem() async throws {
        let site = try site(cell: "<p>{{title}} {{>byline}}</p>\n", [
            "themes/default/cells/review.html": "<p>{{title}} {{rating}} {{>byline}}</p>\n",
            "themes/default/partials/byline.html": "{{#author}}by {{author}}{{/author}}{{#by}}by {{by}}{{/by}}{{#autor}}x{{/autor}}",
        ])
        await site.expectFailure([
            "themes/default/partials/byline.html:1:59: error: 'autor' is not a field of kind 'book'; did you mean 'author'?\n  hint: its own fields: author, pages, status, cover; every item also has: title, url, date, summary, content, tags, reading_time, section, fields, t, …",
        ])
    }

    @Test func layoutsAreCheckedAgainstThePageValues() async throws {
        let site = try site(cell: "<p>{{title}}</p>\n", [
            "themes/default/layouts/taxonomy.html": "{{<base}}{{$main}}<h1>{{page.titel}}</h1>{{#page.tags}}{{name}} {{cuont}}{{/page.tags}}{{/main}}{{/base}}",
        ])
        await site.expectFailure([
            "themes/default/layouts/taxonomy.html:1:23: error: 'titel' is not a value of 'page'; did you mean 'title'?\n  hint: it has: title, full_title, description, url, permalink, language, has_own_language, role, noindex, type, image, intro, …",
            "themes/default/layouts/taxonomy.html:1:65: error: 'cuont' is not a value of a tag; did you mean 'count'?\n  hint: it has: name, url, count",
        ])
    }

    @Test func anItemLayoutSeesItsKindsFieldsOnlyInsideItsItem() async throws {
        let site = try site(cell: "<p>{{title}}</p>\n", [
            "themes/default/pages/book.html": "{{<base}}{{$main}}<p>{{author}} {{#item}}{{author}}{{/item}} {{next.title}}</p>{{/main}}{{/base}}",
        ])
        await site.expectFailure([
            "themes/default/pages/book.html:1:22: error: 'author' is not a value of item page layouts\n  hint: it has: site, page, nav, t, item, previous, next",
        ])
    }

    @Test func themeTextIsCheckedByNameAndByWhatItFills() async throws {
        let site = try site(cell: "<p>{{title}} {{t.min_raed}} {{t.min_read}}</p>\n", [
            "themes/default/layouts/404.html": "{{<base}}{{$main}}{{t.min_read}}{{/main}}{{/base}}",
        ])
        await site.expectFailure([
            "themes/default/cells/book.html:1:14: error: 'min_raed' is not a text of the theme; did you mean 'min_read'?\n  hint: the theme's texts are named in themes/default/i18n/en.yml",
            "themes/default/layouts/404.html:1:19: error: the text 'min_read' fills {reading_time}, but 'reading_time' is not a value of list page layouts\n  hint: use it where {reading_time} has a value, or change themes/default/i18n/en.yml",
        ])
    }

    @Test func aMissingPartialIsAnErrorAtItsTag() async throws {
        let site = try site(cell: "<p>{{title}}\n  {{>byline}}</p>\n")
        await site.expectFailure([
            "themes/default/cells/book.html:2:3: error: unknown partial 'byline'; looked for themes/default/partials/byline.html, themes/default/layouts/byline.html\n  hint: create themes/default/partials/byline.html, or fix the name",
        ])
    }

    @Test func theDefaultThemeAndTheExampleSiteAreClean() async throws {
        let site = try TemporarySite(theme: .repository)
        try FileManager.default.copyItem(atPath: TemporarySite.repository + "/content", toPath: site.root + "/content")
        #expect(await site.checkDiagnostics() == [])
    }
}
