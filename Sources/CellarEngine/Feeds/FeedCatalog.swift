/// Where the feeds are: Atom, RSS 2.0 and JSON Feed for the whole site and for each section.
struct FeedCatalog: Sendable {
    var site: [FeedLink]
    private var sections: [String: [FeedLink]]

    static let formats: [(file: String, mediaType: String, label: String)] = [
        ("feed.xml", "application/atom+xml", "Atom"),
        ("rss.xml", "application/rss+xml", "RSS"),
        ("feed.json", "application/feed+json", "JSON Feed"),
    ]

    init(siteTitle: String, sections: [ContentSection]) {
        site = Self.links(at: .root, title: siteTitle)
        var bySection: [String: [FeedLink]] = [:]
        for section in sections where section.hasFeed && !section.id.isEmpty {
            bySection[section.id] = Self.links(at: section.url, title: "\(siteTitle) — \(section.title)")
        }
        self.sections = bySection
    }

    func section(_ id: String) -> [FeedLink] { sections[id] ?? [] }

    private static func links(at base: URLPath, title: String) -> [FeedLink] {
        formats.map { FeedLink(title: "\(title) (\($0.label))", url: base.appending($0.file), mediaType: $0.mediaType) }
    }
}
