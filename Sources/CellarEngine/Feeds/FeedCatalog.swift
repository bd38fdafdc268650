/// Where the feeds are: Atom, RSS 2.0 and JSON Feed for the whole site and for each section.
struct FeedCatalog: Sendable {
    var site: [FeedLink]
    private var sections: [String: [FeedLink]]

    /// One feed format: its file name in a feed's folder, and how a feed document is written in it.
    struct Format: Sendable {
        var file: String
        var mediaType: String
        var label: String
        var write: @Sendable (FeedDocument, DateFormatting) -> String
    }

    static let formats: [Format] = [
        Format(file: "feed.xml", mediaType: "application/atom+xml", label: "Atom", write: AtomFeedWriter.write),
        Format(file: "rss.xml", mediaType: "application/rss+xml", label: "RSS", write: RSSFeedWriter.write),
        Format(file: "feed.json", mediaType: "application/feed+json", label: "JSON Feed", write: JSONFeedWriter.write),
    ]

    /// - Parameter root: where the site's feeds are: its root, or a language's home (`vi/`).
    init(siteTitle: String, sections: [ContentSection], root: URLPath = .root) {
        site = Self.links(at: root, title: siteTitle)
        var bySection: [String: [FeedLink]] = [:]
        for section in Self.sectionsWithFeeds(sections) {
            bySection[section.id] = Self.links(at: section.url, title: Self.title(of: section, siteTitle: siteTitle))
        }
        self.sections = bySection
    }

    /// The sections that have feeds of their own (`feed: false` turns a section's off).
    static func sectionsWithFeeds(_ sections: [ContentSection]) -> [ContentSection] {
        sections.filter { $0.hasFeed && !$0.id.isEmpty }
    }

    /// A section feed's title: `Cellar Notes — Links`.
    static func title(of section: ContentSection, siteTitle: String) -> String {
        "\(siteTitle) — \(section.title)"
    }

    /// What a feed lists: the newest dated items of the site (`sectionID` nil) or of one section,
    /// at most `feed_items`; standalone pages (outside every section) are in none. Incremental rebuilds ask it which items are in a feed.
    static func entries(of model: SiteModel, sectionID: String?) -> [ContentItem] {
        Array(model.newestFirst.lazy
            .map { model.items[$0] }
            .filter { $0.date != nil && !$0.sectionID.isEmpty && (sectionID == nil || $0.sectionID == sectionID) }
            .prefix(model.config.feedItems))
    }

    func section(_ id: String) -> [FeedLink] { sections[id] ?? [] }

    /// The format a feed alias is written in: RSS for a name with `rss` in it, JSON Feed for `.json`, else Atom.
    static func format(forAlias alias: URLPath) -> Format {
        let name = alias.description.lowercased()
        if name.hasSuffix(".json") { return formats[2] }
        return name.contains("rss") ? formats[1] : formats[0]
    }

    private static func links(at base: URLPath, title: String) -> [FeedLink] {
        formats.map { FeedLink(title: "\(title) (\($0.label))", url: base.appending($0.file), mediaType: $0.mediaType) }
    }
}
