import Foundation

/// One HTML page to write: what it shows (sections of cells, or one item) and where it goes.
/// Pages are plain values, assembled cheaply before any template runs.
public struct Page: Sendable {
    public enum Role: String, Sendable {
        /// `page`: a standalone page, an item outside every section (`content/about.md`).
        case home, section, item, page, tags, tag, notFound = "404"
    }

    public var role: Role
    /// The layout that draws a list page: `layouts/<layout>.html` (item pages are drawn by their kind's page).
    public var layout: String
    public var url: URLPath
    public var title: String
    public var description: String?
    /// The list's cells, in sections (empty for item pages).
    public var dataSource: DataSource
    public var pagination: Pagination?
    /// For item pages: the item, and its neighbours in its section's order.
    public var itemID: String?
    public var previousID: String?
    public var nextID: String?
    /// The content section the page belongs to (for navigation and feeds).
    public var sectionID: String?
    /// Introduction HTML (the `_index.md` body of the site or section).
    public var introHTML: String?
    /// For the tags index: every tag and its count.
    public var tags: [TagCount]
    public var feeds: [FeedLink]
    /// The newest date shown on the page, for the sitemap.
    public var lastModified: Date?
    public var inSitemap: Bool

    public init(role: Role, layout: String? = nil, url: URLPath, title: String, description: String? = nil,
                dataSource: DataSource = DataSource(), pagination: Pagination? = nil, itemID: String? = nil,
                previousID: String? = nil, nextID: String? = nil, sectionID: String? = nil, introHTML: String? = nil,
                tags: [TagCount] = [], feeds: [FeedLink] = [], lastModified: Date? = nil, inSitemap: Bool = true) {
        self.role = role
        self.layout = layout ?? Self.defaultLayout(of: role)
        self.url = url
        self.title = title
        self.description = description
        self.dataSource = dataSource
        self.pagination = pagination
        self.itemID = itemID
        self.previousID = previousID
        self.nextID = nextID
        self.sectionID = sectionID
        self.introHTML = introHTML
        self.tags = tags
        self.feeds = feeds
        self.lastModified = lastModified
        self.inSitemap = inSitemap
    }

    /// The layout of each role unless a section names another.
    static func defaultLayout(of role: Role) -> String {
        switch role {
        case .home: "home"
        case .section, .tag: "list"
        case .item, .page: "item"
        case .tags: "taxonomy"
        case .notFound: "404"
        }
    }
}
