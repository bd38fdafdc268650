@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Which template draws which page: a section's `layout:`, a kind's `pages/<kind>.html`, else the
/// generic item page that shows every field; layouts nothing uses are pointed out.
@Suite struct LayoutsTests {
    static let gallery = """
        {{<base}}{{$main}}<h1 class="gallery">{{page.title}}</h1>{{#page.sections}}<div class="grid">{{{cells}}}</div>{{/page.sections}}{{/main}}{{/base}}
        """

    @Test func aSectionNamesTheLayoutOfItsListPages() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/layouts/gallery.html": Self.gallery,
            "content/photos/_index.md": "---\ntitle: Photos\nkind: photo\nlayout: gallery\n---\n",
            "content/photos/lake.md": "---\ntitle: Lake\nimage: https://example.org/lake.jpg\n---\n",
        ])
        try await site.build()
        let photos = try site.page("photos/index.html")
        #expect(photos.contains("<h1 class=\"gallery\">Photos</h1><div class=\"grid\">"))
        #expect(photos.contains("cell-photo"))
        #expect(try site.page("posts/index.html").contains("class=\"list-section\""))
    }

    @Test func aLayoutThatDoesNotExistIsAnErrorAtTheSetting() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/layouts/gallery.html": Self.gallery,
            "content/photos/_index.md": "---\ntitle: Photos\nkind: photo\nlayout: galery\n---\n",
        ])
        await site.expectFailure([
            "content/photos/_index.md:4:9: error: layout 'galery' not found: there is no themes/default/layouts/galery.html; did you mean 'gallery'?\n  hint: create themes/default/layouts/galery.html, or name one of: 404, base, gallery, home, item, list, search, taxonomy",
            "themes/default/layouts/gallery.html:1:1: warning: no page uses the layout 'gallery'\n  hint: name it in a section's _index.md ('layout: gallery'), or include it from another template",
        ])
    }

    @Test func aLayoutNothingUsesIsAWarningThatSaysHowToUseIt() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/layouts/books.html": Self.gallery,
            "themes/default/layouts/spare.html": Self.gallery,
            "content/books/_index.md": "---\ntitle: Books\n---\n",
        ])
        #expect(await site.diagnostics() == [
            "themes/default/layouts/books.html:1:1: warning: no page uses the layout 'books'\n  hint: to draw content/books/ with it, add 'layout: books' to content/books/_index.md",
            "themes/default/layouts/spare.html:1:1: warning: no page uses the layout 'spare'\n  hint: name it in a section's _index.md ('layout: spare'), or include it from another template",
        ])
    }

    @Test func templatesOfKindsThatDoNotExistAreWarnings() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/pages/reveiw.html": "{{<item}}{{/item}}",
            "themes/default/pages/link.html": "{{<item}}{{/item}}",
            "themes/default/cells/bok.html": "<p>{{title}}</p>",
        ])
        #expect(await site.diagnostics() == [
            "themes/default/cells/bok.html:1:1: warning: there is no kind 'bok', so nothing uses this template\n  hint: a kind is declared by themes/default/kinds/bok.yml",
            "themes/default/pages/link.html:1:1: warning: kind 'link' has no pages (page: false in its schema), so nothing uses this template\n  hint: set 'page: true' in themes/default/kinds/link.yml, or remove this file",
            "themes/default/pages/reveiw.html:1:1: warning: there is no kind 'reveiw', so nothing uses this template; did you mean 'review'?\n  hint: a kind is declared by themes/default/kinds/reveiw.yml",
        ])
    }

    /// The README's worked example: a new kind and its cell, no page template — the page shows every field.
    @Test func aKindWithoutAPageOfItsOwnShowsEveryFieldLabelledAndTyped() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/kinds/book.yml": """
                label: Book
                page: true
                fields:
                  author: string
                  pages: {type: int, min: 1, required: false}
                  status: {type: enum, values: {reading: Reading now, finished: Finished, abandoned: Abandoned}, default: reading}
                  cover: {type: image, required: false}
                  cover_alt: {type: string, required: false, label: Cover description}
                  finished_on: {type: date, required: false, label: Finished on}
                  website: url?
                  notes: {type: text, required: false}
                  quotes: "[string]?"
                  lent: {type: bool, default: false}
                """,
            "themes/default/cells/book.html": "<article id=\"{{anchor}}\"><a href=\"{{url}}\">{{title}}</a> {{author}}</article>\n",
            "content/books/_index.md": "---\ntitle: Books\nkind: book\n---\n",
            "content/books/piranesi.md": """
                ---
                title: Piranesi
                author: Susanna Clarke
                status: finished
                cover: /covers/piranesi.svg
                cover_alt: A marble statue in a flooded hall
                finished_on: 2029-03-04
                website: https://www.example.org/piranesi
                notes: "*Beautiful*, and strange."
                quotes: [The Beauty of the House is immeasurable]
                ---

                A house of endless halls.
                """,
            "content/covers/piranesi.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        try await site.build()
        let page = try site.page("books/piranesi/index.html")
        let fields = try #require(HTML.slices(of: page, between: "<dl class=\"item-fields\">", and: "</dl>\n").first)
        #expect(fields == """

            <div class="item-field item-field-author field-type-string">
            <dt>Author</dt>
            <dd><span class="field-text">Susanna Clarke</span></dd>
            </div>
            <div class="item-field item-field-status field-type-enum">
            <dt>Status</dt>
            <dd><span class="field-text">Finished</span></dd>
            </div>
            <div class="item-field item-field-cover field-type-image">
            <dt>Cover</dt>
            <dd><img class="field-image" src="/covers/piranesi.svg" alt="A marble statue in a flooded hall" loading="lazy"></dd>
            </div>
            <div class="item-field item-field-finished_on field-type-date">
            <dt>Finished on</dt>
            <dd><time datetime="2029-03-04T00:00:00Z">March 4, 2029</time></dd>
            </div>
            <div class="item-field item-field-website field-type-url">
            <dt>Website</dt>
            <dd><a href="https://www.example.org/piranesi">example.org</a></dd>
            </div>
            <div class="item-field item-field-notes field-type-text">
            <dt>Notes</dt>
            <dd><div class="field-prose"><em>Beautiful</em>, and strange.</div></dd>
            </div>
            <div class="item-field item-field-quotes field-type-list">
            <dt>Quotes</dt>
            <dd><ul class="field-values"><li><span class="field-text">The Beauty of the House is immeasurable</span></li></ul></dd>
            </div>
            <div class="item-field item-field-lent field-type-bool">
            <dt>Lent</dt>
            <dd><span class="field-text">No</span></dd>
            </div>

            """)
        #expect(page.contains("<p>A house of endless halls.</p>"))
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func anImageWithoutAnAltFieldIsDescribedByItsLabelAndTheTitle() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/kinds/album.yml": "label: Album\npage: true\nfields:\n  sleeve: image\n",
            "themes/default/cells/album.html": "<p id=\"{{anchor}}\">{{title}}</p>\n",
            "content/albums/_index.md": "---\ntitle: Albums\nkind: album\n---\n",
            "content/albums/ram.md": "---\ntitle: RAM\nsleeve: https://example.org/ram.jpg\n---\n",
        ])
        try await site.build()
        #expect(try site.page("albums/ram/index.html").contains("<img class=\"field-image\" src=\"https://example.org/ram.jpg\" alt=\"Sleeve: RAM\" loading=\"lazy\">"))
    }

    @Test func anAltFieldMustBeATextFieldOfTheKind() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/kinds/album.yml": "label: Album\npage: true\nfields:\n  sleeve: {type: image, alt: sleve_alt}\n  sleeve_alt: string?\n",
            "themes/default/cells/album.html": "<p id=\"{{anchor}}\">{{title}}</p>\n",
        ])
        await site.expectFailure([
            "themes/default/kinds/album.yml:4:3: error: 'alt' of 'sleeve' names 'sleve_alt', which is not a text field of this kind; did you mean 'sleeve_alt'?\n  hint: add a field such as sleeve_alt: string? and name it here",
        ])
    }

    @Test func aKindCannotNameAFieldAfterAValueEveryItemHas() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/kinds/album.yml": "label: Album\npage: true\nfields:\n  url: url\n",
            "themes/default/cells/album.html": "<p id=\"{{anchor}}\">{{title}}</p>\n",
        ])
        await site.expectFailure([
            "themes/default/kinds/album.yml:4:3: error: 'url' is a value every item has; a kind cannot have a field of that name\n  hint: choose another name for this field",
        ])
    }
}
