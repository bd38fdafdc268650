import Foundation

/// One HTML page to write: what it shows (sections of cells, or one item) and where it goes.
/// Pages are plain values, assembled cheaply before any template runs.
package struct Page: Sendable {
    package enum Role: String, Sendable {
        /// `page`: a standalone page, an item outside every section (`content/about.md`).
        case home, section, item, page, tags, tag, notFound = "404"
    }

    package var role: Role
    /// The layout that draws a list page: `layouts/<layout>.html` (item pages are drawn by their kind's page).
    package var layout: String
    /// Where the page goes: for an item's page, its item's URL.
    package var url: URLPath { item?.url ?? ownURL }
    /// The title and description of a list page. An item's page leaves them empty: they are its
    /// item's, read when the page is drawn (so a page kept from an earlier build shows its item's
    /// new words, and making 100,000 item pages copies none of their text).
    package var title: String
    package var description: String?
    /// The list's cells, in sections (empty for item pages).
    package var dataSource: DataSource
    package var pagination: Pagination?
    /// For item pages: the item, and its neighbours in its section's order.
    package var itemID: String? { item?.id ?? ownItemID }
    package var previousID: String? { previous?.id ?? ownPreviousID }
    package var nextID: String? { next?.id ?? ownNextID }
    /// The content section the page belongs to (for navigation and feeds).
    package var sectionID: String?
    /// Introduction HTML (the `_index.md` body of the site or section).
    package var introHTML: String?
    /// For the tags index: every tag and its count.
    package var tags: [TagCount]
    package var feeds: [FeedLink]
    /// The newest date shown on the page, for the sitemap: for an item's page, its item's.
    package var lastModified: Date? { item.map { $0.updated ?? $0.date } ?? ownLastModified }
    package var inSitemap: Bool

    private var ownURL: URLPath
    private var ownItemID: String?
    private var ownPreviousID: String?
    private var ownNextID: String?
    private var ownLastModified: Date?
    /// An item page's item and neighbours, made by ``init(item:previous:next:sectionID:standalone:feeds:)``:
    /// their ids, URL and dates are read from them when asked, so that making a big site's item
    /// pages counts one reference up for each instead of one for each of their strings (at 100,000
    /// items, each of those was a cache miss somewhere in the gigabyte that holds them).
    private var item: ContentItem.Source?
    private var previous: ContentItem.Source?
    private var next: ContentItem.Source?

    package init(role: Role, layout: String? = nil, url: URLPath, title: String, description: String? = nil,
                dataSource: DataSource = DataSource(), pagination: Pagination? = nil, itemID: String? = nil,
                previousID: String? = nil, nextID: String? = nil, sectionID: String? = nil, introHTML: String? = nil,
                tags: [TagCount] = [], feeds: [FeedLink] = [], lastModified: Date? = nil, inSitemap: Bool = true) {
        self.role = role
        self.layout = layout ?? Self.defaultLayout(of: role)
        self.ownURL = url
        self.title = title
        self.description = description
        self.dataSource = dataSource
        self.pagination = pagination
        self.ownItemID = itemID
        self.ownPreviousID = previousID
        self.ownNextID = nextID
        self.sectionID = sectionID
        self.introHTML = introHTML
        self.tags = tags
        self.feeds = feeds
        self.ownLastModified = lastModified
        self.inSitemap = inSitemap
    }

    /// The page of `item` (a standalone page when it is in no section), between its neighbours.
    init(item: ContentItem.Source, previous: ContentItem.Source?, next: ContentItem.Source?, sectionID: String?,
         standalone: Bool, feeds: [FeedLink]) {
        role = standalone ? .page : .item
        layout = Self.defaultLayout(of: role)
        ownURL = .root
        title = ""
        dataSource = DataSource()
        self.sectionID = sectionID
        tags = []
        self.feeds = feeds
        inSitemap = true
        self.item = item
        self.previous = previous
        self.next = next
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
