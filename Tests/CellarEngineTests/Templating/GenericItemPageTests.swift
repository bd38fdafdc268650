@testable import CellarEngine
import CellarSiteTestSupport
import Testing

/// The default theme's page for a kind with no page of its own: its fields in a styled card, each
/// drawn by its type — a score on a short scale as stars, dates written out, links by host, images
/// capped, lists as lists, enum values by their labels.
@Suite struct GenericItemPageTests {
    static let book = """
        label: Book
        fields:
          author: string
          rating: {type: int, min: 1, max: 5}
          year: {type: int, min: 1800, max: 2100}
          finished: date?
          cover: image?
          cover_alt: string?
          genres: "[string]?"
          format: {type: enum, values: {paper: Paperback, audio: Audiobook}, default: paper}
          shop: url?

        """

    private func site() throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "kinds/book.yml": Self.book,
            "cells/book.html": "<article class=\"cell\" id=\"{{anchor}}\"><h3 class=\"cell-title\"><a href=\"{{url}}\">{{title}}</a></h3></article>\n",
            "content/books/_index.md": "---\ntitle: Reading list\nkind: book\n---\n",
            "content/books/dune/index.md": """
                ---
                title: Dune
                date: 2029-01-03
                author: Frank Herbert
                rating: 4
                year: 1965
                finished: 2029-01-02
                cover: cover.svg
                cover_alt: A sand-coloured cover
                genres: [science fiction, ecology]
                format: audio
                shop: https://www.shop.example.org/dune
                ---
                Slow to start.

                """,
            "content/books/dune/cover.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"6\"/>",
        ])
    }

    @Test func eachFieldIsDrawnByItsType() async throws {
        let site = try site()
        try await site.build()
        let page = try site.page("books/dune/index.html")
        let stars = String(repeating: "<span class=\"star is-filled\"></span>", count: 4) + "<span class=\"star\"></span>"
        #expect(page.contains("<div class=\"item-field item-field-rating field-type-int\">\n<dt>Rating</dt>\n<dd><span class=\"rating-stars\" aria-hidden=\"true\">"
                              + stars + "</span> <span class=\"rating-number\" aria-hidden=\"true\">4<span class=\"rating-max\">/5</span></span>"
                              + "<span class=\"visually-hidden\">4 out of 5</span></dd>"))
        // A year is a number, not a score.
        #expect(page.contains("<dt>Year</dt>\n<dd><span class=\"field-text\">1965</span></dd>"))
        #expect(page.contains("<div class=\"item-field item-field-finished field-type-date\">\n<dt>Finished</dt>\n<dd><time datetime=\"2029-01-02T00:00:00Z\">January 2, 2029</time></dd>"))
        #expect(page.contains("<dd><img class=\"field-image\" src=\"/books/dune/cover.svg\" alt=\"A sand-coloured cover\" loading=\"lazy\"></dd>"))
        #expect(page.contains("<dd><ul class=\"field-values\"><li><span class=\"field-text\">science fiction</span></li><li><span class=\"field-text\">ecology</span></li></ul></dd>"))
        #expect(page.contains("field-type-enum\">\n<dt>Format</dt>\n<dd><span class=\"field-text\">Audiobook</span></dd>"))
        #expect(page.contains("<dd><a href=\"https://www.shop.example.org/dune\">shop.example.org</a></dd>"))
        #expect(!page.contains("Cover alt"))   // the alt text goes with its image
    }

    /// The card, the stars, the capped images and the one-column phone layout are in the stylesheet.
    @Test func theGenericPageIsStyledInTheDefaultTheme() async throws {
        let site = try site()
        try await site.build()
        let css = try site.page("css/cellar.css")
        for rule in [".item-fields {", ".item-fields .star.is-filled { background: var(--star); }", ".field-image {",
                     "max-width: min(100%, 18rem); max-height: 22rem;", ".field-type-enum .field-text {",
                     "@media (max-width: 30rem) {\n  .item-fields { grid-template-columns: minmax(0, 1fr);"] {
            #expect(css.contains(rule), "no \(rule)")
        }
    }

    @Test(arguments: [(0.0, 10.0, true), (1, 5, true), (1, 3, true), (0, 2, false), (1, 11, false), (1800, 2100, false), (2, 5, false)])
    func aScoreIsAnIntOnAShortScaleFromZeroOrOne(_ minimum: Double, _ maximum: Double, _ isRating: Bool) {
        let spec = FieldSpec(name: "rating", type: .int, minimum: minimum, maximum: maximum)
        #expect((FieldListContext.ratingScale(spec) != nil) == isRating)
        #expect(FieldListContext.ratingScale(FieldSpec(name: "rating", type: .number, minimum: 0, maximum: 5)) == nil)
    }
}
