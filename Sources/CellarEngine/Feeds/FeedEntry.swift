import Foundation
internal import CellarEscaping

/// One item as every feed format needs it, prepared once: absolute links, dates, full content.
struct FeedEntry: Sendable {
    var id: String
    var title: String
    /// Where the entry points: the item's page, or for kinds without pages their first `url` field.
    var link: String
    var published: Date
    var updated: Date
    var summary: String
    var contentHTML: String
    var tags: [String]
    var imageURL: String?
    /// The item's language (the feed marks entries whose language is not the feed's).
    var language: String

    /// Prepares an item; nil for undated items (feeds are for dated content).
    init?(_ item: ContentItem, environment: RenderEnvironment) {
        guard let date = item.date else { return nil }
        let url = environment.url
        let kind = environment.kinds[item.kind]
        var link = item.hasPage ? url.absolute(item.url) : nil
        var images: [String] = []
        for spec in kind?.fields.fields ?? [] {
            switch (spec.type, item.fields[spec.name]?.value) {
            case (.url, .url(let target)?) where link == nil:
                link = url.absolute(written: target)
            case (.image, .file(let reference)?):
                if let image = environment.fileAbsolute(reference) { images.append(image) }
            default: break
            }
        }
        let location = environment.absoluteLocation(of: item)
        self.id = location
        self.link = link ?? location
        self.title = item.title
        self.published = date
        self.updated = max(item.updated ?? date, date)
        self.summary = item.summary
        let figures = images.map { "<p><img src=\"\(Escaping.htmlText($0))\" alt=\"\(Escaping.htmlText(item.title))\"></p>\n" }
        self.contentHTML = HTMLAbsolutizer.absolutize(figures.joined() + environment.bodyPictures.rewrite(item.contentHTML, absolute: true), origin: url.origin,
                                                      page: location)
        self.tags = item.tags
        self.imageURL = images.first
        self.language = item.language
    }
}
