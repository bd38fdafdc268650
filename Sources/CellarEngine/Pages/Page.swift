import Foundation

/// One HTML page to write: what it shows (sections of cells, or one item) and where it goes.
/// Pages are plain values, assembled cheaply before any template runs.
package struct Page: Sendable {
    package enum Role: String, Sendable {
        /// `page`: a standalone page, an item outside every section (`content/about.md`).
        case home, section, item, page, tags, tag, notFound = "404", search
    }

    package var role: Role
    /// The layout that draws a list page: `layouts/<layout>.html` (item pages are drawn by their kind's page).
    package var layout: String
    /// Where the page goes: for an item's page, its item's URL.
    package var url: URLPath {
        switch content {
        case .list(let list): list.url
        case .item(let item, _, _): item.url
        }
    }
    /// The title and description of a list page. An item's page leaves them empty: they are its
    /// item's, read when the page is drawn (so a page kept from an earlier build shows its item's
    /// new words, and making 100,000 item pages copies none of their text).
    package var title: String { list?.title ?? "" }
    package var description: String? { list?.description }
    /// The list's cells, in sections (empty for item pages).
    var dataSource: DataSource { list?.dataSource ?? DataSource() }
    package var pagination: Pagination? { list?.pagination }
    /// For item pages: the item, and its neighbours in its section's order.
    var itemID: String? { if case .item(let item, _, _) = content { item.id } else { nil } }
    var previousID: String? { if case .item(_, let previous, _) = content { previous?.id } else { nil } }
    package var nextID: String? { if case .item(_, _, let next) = content { next?.id } else { nil } }
    /// The content section the page belongs to (for navigation and feeds).
    var sectionID: String?
    /// Introduction HTML (the `_index.md` body of the site or section).
    var introHTML: String? { list?.introHTML }
    /// For the tags index: every tag and its count.
    package var tags: [TagCount] { list?.tags ?? [] }
    package var feeds: [FeedLink]
    /// The newest date shown on the page, for the sitemap: for an item's page, its item's.
    var lastModified: Date? {
        switch content {
        case .list(let list): list.lastModified
        case .item(let item, _, _): item.updated ?? item.date
        }
    }
    var inSitemap: Bool
    /// On a multilingual site, the language whose pages it is among (its lists, words and switcher); nil on a site in one language.
    package var language: String?

    /// What only a list page has: kept out of line, so that the value a big
    /// site has 100,000 of — an item's page — is under half the size, and copying one counts
    /// a handful of references up rather than a dozen.
    private final class ListParts: Sendable {
        let url: URLPath
        let title: String
        let description: String?
        let dataSource: DataSource
        let pagination: Pagination?
        let introHTML: String?
        let tags: [TagCount]
        let lastModified: Date?

        init(url: URLPath, title: String, description: String?, dataSource: DataSource, pagination: Pagination?,
             introHTML: String?, tags: [TagCount], lastModified: Date?) {
            self.url = url
            self.title = title
            self.description = description
            self.dataSource = dataSource
            self.pagination = pagination
            self.introHTML = introHTML
            self.tags = tags
            self.lastModified = lastModified
        }
    }

    /// A list page's parts, or an item page's item and neighbours (made by
    /// ``init(item:previous:next:sectionID:standalone:feeds:)``): their ids, URL and dates are read
    /// from them when asked, so that making a big site's item pages counts one reference up for
    /// each instead of one for each of their strings (at 100,000 items, each of those was a cache
    /// miss somewhere in the gigabyte that holds them).
    private enum Content: Sendable {
        case list(ListParts)
        case item(ContentItem.Source, previous: ContentItem.Source?, next: ContentItem.Source?)
    }

    private let content: Content

    private var list: ListParts? { if case .list(let list) = content { list } else { nil } }

    package init(role: Role, layout: String? = nil, url: URLPath, title: String, description: String? = nil,
                dataSource: DataSource = DataSource(), pagination: Pagination? = nil,
                sectionID: String? = nil, introHTML: String? = nil,
                tags: [TagCount] = [], feeds: [FeedLink] = [], lastModified: Date? = nil, inSitemap: Bool = true) {
        self.role = role
        self.layout = layout ?? Self.defaultLayout(of: role)
        content = .list(ListParts(url: url, title: title, description: description, dataSource: dataSource,
                                  pagination: pagination, introHTML: introHTML, tags: tags, lastModified: lastModified))
        self.sectionID = sectionID
        self.feeds = feeds
        self.inSitemap = inSitemap
    }

    /// The page of `item` (a standalone page when it is in no section), between its neighbours.
    init(item: ContentItem.Source, previous: ContentItem.Source?, next: ContentItem.Source?, sectionID: String?,
         standalone: Bool, feeds: [FeedLink]) {
        role = standalone ? .page : .item
        layout = Self.defaultLayout(of: role)
        content = .item(item, previous: previous, next: next)
        self.sectionID = sectionID
        self.feeds = feeds
        inSitemap = true
    }

    /// The layout of each role unless a section names another.
    static func defaultLayout(of role: Role) -> String {
        switch role {
        case .home: "home"
        case .section, .tag: "list"
        case .item, .page: "item"
        case .tags: "taxonomy"
        case .notFound: "404"
        case .search: "search"
        }
    }
}
