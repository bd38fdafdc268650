/// What a session remembers of its last successful build, for rebuilding after an edit that only
/// changes the words of some items: the model, the pages and which pages show each item.
struct LastBuild: Sendable {
    var model: SiteModel
    var pages: [Page]
    /// Item id → indices of the pages that show it (as a cell, as the page's item, or as a neighbour).
    var pagesShowing: [String: [Int]]
    /// Ids of the items in any feed.
    var feedMembers: Set<String>
    var globalKey: UInt64
    /// Each item's index in `model.items`.
    var itemIndex: [String: Int]
    /// Each published item's placement: what decides where it appears and in which order.
    var placements: [String: UInt64]

    init(model: SiteModel, pages: [Page], globalKey: UInt64) {
        self.model = model
        self.pages = pages
        self.globalKey = globalKey
        var showing: [String: [Int]] = [:]
        for (index, page) in pages.enumerated() {
            for id in [page.itemID, page.previousID, page.nextID].compactMap({ $0 }) { showing[id, default: []].append(index) }
            for section in page.dataSource.sections {
                for cell in section.cells { showing[cell.itemID, default: []].append(index) }
            }
        }
        pagesShowing = showing
        feedMembers = Self.feedMembers(model)
        itemIndex = Dictionary(uniqueKeysWithValues: model.items.enumerated().map { ($1.id, $0) })
        placements = Dictionary(uniqueKeysWithValues: model.items.map { ($0.id, Self.placement(of: $0, in: model)) })
    }

    /// Everything that decides where an item appears and in which order: an edit that changes none
    /// of it changes only the item's own page, the pages that show its cell and the feeds it is in.
    static func placement(of item: Item, in model: SiteModel) -> UInt64 {
        var hash = StableHash()
        hash.combine(item.sectionID)
        hash.combine(item.url.value)
        hash.combine(item.kind)
        hash.combine(item.hasPage ? 1 : 0)
        hash.combine(UInt64(bitPattern: Int64((item.date?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(UInt64(bitPattern: Int64((item.updated?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(UInt64(bitPattern: Int64((item.expires?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(item.weight)
        hash.combine(item.draft ? 1 : 0)
        for tag in item.tags { hash.combine(tag) }
        hash.combine(0xA1)
        for alias in item.aliases { hash.combine(alias) }
        let section = model.sectionsByID[item.sectionID]
        if section?.sort == .title { hash.combine(item.source.sortTitle) }
        if case .field(let name) = section?.grouping { hash.combine(item.fields[name].map { "\($0.value)" } ?? "") }
        return hash.value
    }

    /// The items some feed lists, as the feeds are written.
    private static func feedMembers(_ model: SiteModel) -> Set<String> {
        let feeds = [nil] + FeedCatalog.sectionsWithFeeds(model.sections).map(\.id)
        return Set(feeds.flatMap { FeedCatalog.entries(of: model, sectionID: $0).map(\.id) })
    }
}
