import Foundation

/// One HTML page to write: what it shows (sections of cells, or one item) and where it goes.
/// Pages are plain values, assembled cheaply before any template runs.
public struct Page: Sendable {
    public enum Role: String, Sendable {
        case home, section, item, tags, tag, notFound = "404"
    }

    public var role: Role
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

    public init(role: Role, url: URLPath, title: String, description: String? = nil,
                dataSource: DataSource = DataSource(), pagination: Pagination? = nil, itemID: String? = nil,
                previousID: String? = nil, nextID: String? = nil, sectionID: String? = nil, introHTML: String? = nil,
                tags: [TagCount] = [], feeds: [FeedLink] = [], lastModified: Date? = nil, inSitemap: Bool = true) {
        self.role = role
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
}

/// The sections of cells a list page shows — what a `UITableViewDataSource` owns. Layouts only iterate it.
public struct DataSource: Sendable {
    public var sections: [Section]

    public init(sections: [Section] = []) {
        self.sections = sections
    }

    public var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}

/// A titled run of cells: a year of posts, a group of settings, a content section on the home page.
public struct Section: Sendable {
    public var title: String?
    /// Where the section continues ("All reviews →" on the home page).
    public var url: URLPath?
    public var cells: [any CellConfiguring]

    public init(title: String? = nil, url: URLPath? = nil, cells: [any CellConfiguring]) {
        self.title = title
        self.url = url
        self.cells = cells
    }
}

/// Where a list page sits among its siblings.
public struct Pagination: Sendable, Hashable {
    /// 1-based.
    public var current: Int
    /// The URL of each page, first page first.
    public var pages: [URLPath]

    public var total: Int { pages.count }
    public var previous: URLPath? { current > 1 ? pages[current - 2] : nil }
    public var next: URLPath? { current < pages.count ? pages[current] : nil }
}

/// A feed a page points to with `<link rel="alternate">`.
public struct FeedLink: Sendable, Hashable {
    public var title: String
    public var url: URLPath
    /// `application/atom+xml`, `application/rss+xml`, `application/feed+json`.
    public var mediaType: String
}

/// A tag and how many published items carry it.
public struct TagCount: Sendable, Hashable {
    public var name: String
    public var url: URLPath
    public var count: Int
}
