internal import CellarEscaping
import CellarDiagnostics
import Foundation

/// One content file of kind `Fields`, as a ``CellTemplate`` or ``PageTemplate`` draws it: the
/// kind's fields as a Swift value, and what every item has (title, date, tags, body, address).
///
/// ```swift
/// html.element("h3") { h3 in
///     h3.element("a", ["href": item.url], text: item.title)
/// }
/// html.text("\(item.fields.rating)/10")
/// ```
public struct Item<Fields: Kind>: Sendable {
    /// The front matter of the kind, decoded: `item.fields.rating`. Image, file and site URLs in it
    /// are the addresses pages link to.
    public let fields: Fields
    let content: ContentItem
    let environment: RenderEnvironment

    init(_ content: ContentItem, environment: RenderEnvironment) throws(Diagnostic) {
        self.content = content
        self.environment = environment
        if let untyped = ThemeKindFields() as? Fields {
            fields = untyped
            return
        }
        guard let stored = content.source.swiftValue as? Fields, let kind = environment.kinds[content.kind] else {
            throw .error("the item is of kind '\(content.kind)', not of the Swift kind \(KindNaming.typeName(Fields.self))",
                         at: content.location)
        }
        // Values that are addresses are known now that every page has one: decode them again, as pages link them.
        if kind.linksFields {
            fields = try FrontMatterDecoder(fields: content.fields, start: content.location, kind: kind,
                                            links: environment.fieldLinks).decode(Fields.self) as? Fields ?? stored
        } else {
            fields = stored
        }
    }

    /// The title.
    public var title: String { content.title }
    /// The kind's name: `review`.
    public var kind: String { content.kind }
    /// The link to the item's page (under the site's base path), or nil when its kind has no pages.
    public var url: String? { content.hasPage ? environment.href(content.url) : nil }
    /// The absolute URL of the item's page, or nil when its kind has no pages.
    public var permalink: String? { content.hasPage ? environment.absolute(content.url) : nil }
    /// The `id` of its cell in lists (`item-reviews-dune`): where links to an item without a page lead.
    public var anchor: String { content.anchor }
    /// The publication date, if the front matter has one.
    public var date: Date? { content.date }
    /// The date of the last significant change, if the front matter has one.
    public var updated: Date? { content.updated }
    /// The tags, as written.
    public var tags: [String] { content.tags }
    /// The summary: `summary:` from the front matter, else the first paragraph of the body, as plain text.
    public var summary: String { content.summary }
    /// The body, rendered from Markdown: write it with ``HTML/raw(_:)-(String)``. Images of its
    /// bundle it shows are `<picture>`s of their processed variants.
    public var bodyHTML: String { environment.bodyPictures.rewrite(content.contentHTML) }

    /// `image` as the build processed it: a `<picture>` of its AVIF, WebP and JPEG variants at the
    /// theme's widths, upright, with `width`, `height` and its placeholder colour; an `<img>` of
    /// the file when it was not processed (a remote or SVG image, `images: {process: false}`).
    /// Write it with ``HTML/raw(_:)-(String)``.
    /// - Parameters:
    ///   - alt: what the photo shows (escaped here).
    ///   - sizes: how wide it is drawn, as `<img sizes>` says it.
    public func picture(_ image: ImagePath, alt: String, sizes: String = "100vw") -> String {
        if let path = image.contentPath, let entry = environment.images.entries[path] {
            return PictureMarkup(entry: entry, site: environment.url).html(alt: alt, sizes: sizes)
        }
        return "<img src=\"\(Escaping.htmlText(image.url))\" alt=\"\(Escaping.htmlText(alt))\" loading=\"lazy\">"
    }
    /// Words in the body.
    public var wordCount: Int { content.wordCount }
    /// Minutes to read the body, at least 1.
    public var readingTime: Int { content.readingTime }
    /// The content file, as messages show it: `content/reviews/dune.md`.
    public var file: String { content.file }
    /// Whether the item is a draft (drafts are built with `--drafts` only).
    public var isDraft: Bool { content.draft }

    /// The link to the page of `tag`.
    public func tagURL(_ tag: String) -> String {
        let found = environment.tags.tag(named: tag)
        return environment.href(found?.url ?? TagIndex.root.appending((found?.slug ?? Slug.make(tag)) + "/"))
    }

    /// `date` as pages show it: in the item's language, in the site's time zone.
    public func format(_ date: Date, _ style: DateStyle = .short) -> String {
        switch style {
        case .short: environment.dates.short(date, in: content.language)
        case .long: environment.dates.long(date, in: content.language)
        case .day: environment.dates.day(date)
        case .iso: environment.dates.iso(date)
        case .month: environment.dates.month(date, in: content.language)
        }
    }

    /// The item's language, a BCP 47 tag: its `language:`, else its section's, else the site's.
    public var language: String { content.language }

    /// The theme's text `key` in the item's language (`i18n/<language>.yml`), its placeholders
    /// (`{count}`) filled from `values`; nil when the theme has no such text.
    public func themeText(_ key: String, _ values: [String: String] = [:]) -> String? {
        environment.text(for: content).text(key) { values[$0] }
    }
}

/// How ``Item/format(_:_:)`` writes a date.
public enum DateStyle: Sendable, Hashable {
    /// `13 Jul 2024` (in the item's language).
    case short
    /// `13 July 2024` (in the item's language).
    case long
    /// `2024-07-13`.
    case day
    /// RFC 3339: `2024-07-13T22:03:00+02:00`, for `<time datetime>`.
    case iso
    /// The month and year: `July 2024` (in the item's language).
    case month
}

/// The fields of a theme's kind, which Mustache cells read by name: no Swift value.
struct ThemeKindFields: Kind {
    init() {}
    init(from decoder: any Decoder) throws {}
}
