import CellarTree
import CellarDiagnostics
import CellarYAML

/// The schemas Cellar itself defines, written in the same form as a theme's kinds: the common
/// fields of every item, the site settings (`content/_index.md`) and section settings.
package enum BuiltinSchemas {
    package static let common = parse("common fields", """
        title: {type: string, min: 1, description: "The item's title"}
        date: {type: date, required: false, description: "Publication date; items dated in the future wait for it"}
        updated: {type: date, required: false, description: "Last significant change"}
        kind: {type: string, required: false, description: "The kind; defaults to the section's kind"}
        slug: {type: string, required: false, description: "The last part of the URL; defaults to the file name"}
        tags: {type: "[string]", required: false, description: "Tags, each with a page under /tags/"}
        draft: {type: bool, default: false, description: "Drafts are built only with --drafts"}
        summary: {type: string, required: false, description: "Plain-text summary; defaults to the first paragraph"}
        weight: {type: int, default: 0, description: "Order when a section sorts by weight"}
        aliases: {type: "[string]", required: false, description: "Old URLs that redirect here"}
        expires: {type: date, required: false, description: "The item is hidden after this date"}
        language: {type: string, required: false, description: "BCP 47 language tag of this item (ja, zh-Hant, vi); defaults to its section's, else the site's"}
        translation_key: {type: string, required: false, description: "On a multilingual site: what links an item to its translations (by default the file's path without its language, post.md for post.vi.md)"}
        """)

    static let site = parse("site settings", """
        title: {type: string, min: 1, description: "The site's name"}
        description: {type: string, required: false, description: "One sentence about the site (meta description, feeds)"}
        base_url: {type: url, required: false, description: "Where the site is published, with its path if it has one (https://example.org/blog/); without it links work but feeds and the sitemap name http://localhost/"}
        language: {type: string, default: "en", description: "BCP 47 language tag (en, fr-CA, ja, zh-Hant): the pages' lang, the language of dates, of the theme's words and of reading rates; items and sections may have their own"}
        languages: {type: "[object]", required: false, description: "A site in several languages: each {code, name, title, description, menu, weight}; post.vi.md is the Vietnamese of post.md, and each language but the default gets its pages under /<code>/"}
        default_language_in_subdir: {type: bool, default: false, description: "On a multilingual site: the default language's pages under /<code>/ too (the home page then leads there)"}
        timezone: {type: string, default: "UTC", description: "IANA time zone for dates without one"}
        theme: {type: string, default: "default", description: "The theme: its folder under themes/"}
        author: {type: string, required: false, description: "Default author of feeds"}
        kind: {type: string, required: false, description: "Default kind for items whose section names none"}
        paginate: {type: int, min: 1, max: 10000, default: 20, description: "Cells per list page"}
        home_items: {type: int, min: 0, max: 1000, default: 10, description: "Latest items of each section on the home page"}
        feed_aliases: {type: "[string]", required: false, description: "Other addresses the site's feed is also written at, such as /atom.xml (RSS for names with rss, JSON Feed for .json, else Atom)"}
        feed_items: {type: int, min: 1, max: 10000, default: 20, description: "Entries per feed"}
        copyright: {type: text, required: false, description: "Footer line (inline Markdown)"}
        links:
          type: object
          required: false
          description: "How links in Markdown are checked"
          fields:
            outside: {type: "[string]", required: false, description: "Path prefixes other software serves on this host, such as /docs/: links under them are kept and never reported"}
            broken: {type: enum, values: [error, warning], default: error, description: "A link to a missing page, file or image fails the build (error) or is reported (warning); cellar check fails on it either way"}
        markdown:
          type: object
          required: false
          description: "Markdown options"
          fields:
            unsafe: {type: bool, default: false, description: "Let raw HTML in Markdown through"}
            smart: {type: bool, default: true, description: "Curly quotes and dashes"}
            extensions: {type: "[string]", required: false, description: "GFM extensions: table, strikethrough, autolink, tasklist, footnotes (default: all)"}
            tagfilter: {type: bool, default: true, description: "With unsafe on, escape <script>, <style>, <iframe> and other tags GFM filters"}
            highlight: {type: bool, default: true, description: "Colour fenced code blocks that name a language, at build time"}
            highlight_seconds_per_block: {type: number, min: 0.01, default: 2, description: "CPU seconds one code block may take to colour; a slower one is shown as plain code"}
            highlight_seconds_per_file: {type: number, min: 0.01, default: 5, description: "CPU seconds the code blocks of one file may take in all; the blocks after are shown as plain code"}
            highlight_seconds_per_build: {type: number, min: 0.01, default: 60, description: "CPU seconds the code blocks of the whole build may take in all; the blocks after are shown as plain code"}
            definitions: {type: bool, default: false, description: "Definition lists as Hugo writes them: a term, then lines starting with ': '"}
            term_ids: {type: bool, default: false, description: "Give each definition term an id, as a heading gets (Hugo's autoDefinitionTermID)"}
            anchors: {type: enum, values: [cellar, github, kramdown], default: cellar, description: "How headings get their ids: Cellar's style, GitHub's (Hugo's Goldmark, Jekyll's GFM kramdown: dots dropped, each space a hyphen) or kramdown's"}
        search: {type: bool, required: false, description: "Write a search index of the items under /search/index/ and the /search/ page (default: on when the theme has layouts/search.html, as the default theme does)"}
        images:
          type: object
          required: false
          description: "How photos (image fields of a kind's items) and images in bundles' Markdown are processed at build time, with libvips"
          fields:
            process: {type: bool, default: true, description: "Write resized variants in several formats with a <picture>; false copies images as they are"}
            widths: {type: "[int]", required: false, description: "Widths in pixels of the variants (default 480, 960, 1600, 2400); an image is never enlarged"}
            formats: {type: "[string]", required: false, description: "Formats of the variants, best first: avif, webp, jpeg (default: all three; jpeg is always written, as the fallback)"}
            max_pixels: {type: int, min: 1, default: 100000000, description: "Images with more pixels are refused before they are decoded (a decompression bomb)"}
            keep_location: {type: bool, default: false, description: "Keep EXIF metadata, GPS position included, in the variants (a section's keep_location, then an item's, decides for its photos)"}
        menu: {type: "[string]", required: false, description: "The navigation, in order: sections, pages and links; without it, the top-level sections by weight"}
        tags:
          type: object
          required: false
          description: "Tag settings"
          fields:
            similar_ok: {type: "[[string]]", required: false, description: "Tags that look alike on purpose: no typo warning"}
        """)

    static let section = parse("section settings", """
        title: {type: string, required: false, min: 1, description: "The section's name; defaults to its folder's name"}
        description: {type: string, required: false, description: "One sentence about the section"}
        kind: {type: string, required: false, description: "Default kind of its items"}
        sort: {type: enum, values: [date, title, weight], default: date, description: "Order of items"}
        order: {type: enum, values: [asc, desc], required: false, description: "Ascending or descending (default: desc when sorted by date, asc otherwise)"}
        group_by: {type: string, required: false, description: "Groups of its list pages: none (the default), year, month, or the name of a field (a settings page grouped by group)"}
        paginate: {type: int, min: 0, max: 10000, required: false, description: "Cells per page (default: the site's paginate); 0 puts all on one page; page 2 is at /<section>/page/2/"}
        permalink: {type: string, required: false, description: "URL pattern of its items (default /<section>/:slug/), with :year, :month, :day, :slug, :title, :section and :kind"}
        home_items: {type: int, min: 0, max: 1000, required: false, description: "Items shown on the home page (default: the site's home_items); 0 leaves the section off it"}
        weight: {type: int, default: 0, description: "Order of sections in navigation and on the home page"}
        feed: {type: bool, default: true, description: "Write feeds for this section"}
        search: {type: bool, required: false, description: "Whether its items are in the search index (default: its parent section's, else true)"}
        layout: {type: string, required: false, description: "The layout of its list pages: layouts/<name>.html (default: layouts/list.html)"}
        language: {type: string, required: false, description: "BCP 47 language tag of its items and its subsections' (default: its parent's, else the site's)"}
        keep_location: {type: bool, required: false, description: "Keep EXIF metadata, GPS position included, in the variants of its items' photos and its subsections' (default: its parent's, else the site's images.keep_location; an item's keep_location field decides for its photo)"}
        """)

    /// `_index.vi.md`: a section's (or the home page's) words in another language of the site.
    static let indexTranslation = parse("translated section settings", """
        title: {type: string, required: false, min: 1, description: "The section's name in this language"}
        description: {type: string, required: false, description: "One sentence about the section in this language"}
        """)

    private static func parse(_ name: String, _ yaml: String) -> Schema {
        var diagnostics = DiagnosticBag()
        let node: LocatedNode?
        do { node = try YAMLParser().parse(yaml, file: "<\(name)>") } catch {
            preconditionFailure("built-in schema '\(name)' is malformed: \(error)")
        }
        guard let node else { return Schema(fields: []) }
        let schema = SchemaParser(file: "<\(name)>").parseFields(node, diagnostics: &diagnostics)
        precondition(!diagnostics.hasErrors, "built-in schema '\(name)': \(diagnostics)")
        return schema
    }
}
