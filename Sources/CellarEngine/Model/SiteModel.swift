import Foundation

/// The site once loaded and checked: settings, theme, sections and the published items, sorted
/// the way each section lists them. Pages, feeds and the sitemap are all derived from it.
package struct SiteModel: Sendable {
    package var config: SiteConfig
    package var theme: Theme
    /// Sections in navigation order (weight, then title).
    package var sections: [ContentSection]
    var sectionsByID: [String: ContentSection]
    /// Published items, by source path order.
    package var items: [ContentItem]
    var itemsByID: [String: ContentItem]
    /// Each section's published items as places in `items`, in the section's own order (pages
    /// refer to items by place rather than copy them).
    var sectionPlaces: [String: [Int]]
    /// Every published item's place in `items`, newest first (feeds, tag pages, the home page).
    var newestFirst: [Int]
    /// Each published item's date, and whether it has a page of its own, by its place in `items`
    /// (read once, in order: lists of a big site read these rather than reach every item at random).
    var dates: [Date?]
    var withPage: [Bool]
    /// The tags, made from the published items in the order of `items` (its places are places in `items`).
    var tags: TagIndex
    /// Files copied as they are: content files that are not Markdown, and bundles' files (published items only).
    var staticFiles: [String]
    /// Each published bundle's item and its files (set here keeps ``bundlePlaces`` in step).
    var bundleResources: [(item: ContentItem, files: [String])] {
        get { bundles }
        set {
            bundles = newValue
            bundlePlaces = Dictionary(newValue.enumerated().map { ($1.item.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
    /// The storage of ``bundleResources``; read and set that.
    var bundles: [(item: ContentItem, files: [String])] = []
    /// A bundle item's id → its place in ``bundleResources``: an edit finds its bundle at once, not by a scan.
    var bundlePlaces: [String: Int] = [:]
    var links: LinkResolver
    /// ``LinkResolver/fingerprint`` of `links`, worked out once (it hashes every page's URL).
    var linksKey: UInt64 = 0
    /// Each published item's place in `items`, for replacing it.
    var positions: [String: Int] = [:]
    /// The next moment an item's visibility changes by itself (a future date, an expiry).
    var nextScheduledChange: Date?
    /// The navigation every page shows: the `menu:` of the settings, else the top-level sections.
    var navigation: [NavigationEntry] = []
    /// Items left out by the publishing rules: drafts, and items dated in the future.
    var unpublished = Unpublished()
    /// The links of the introductions (the bodies of `_index.md` files) that only the finished
    /// site can confirm, with the page each is on.
    var introLinks: [IntroLink] = []
    /// Every link and image of the introductions, by `_index.md` path (relative to `content/`), when
    /// the build collected them (``BuildOptions/collectsReferences``): what `cellar check` reads.
    var introReferences: [String: [BodyReference]] = [:]

    struct IntroLink: Sendable {
        var page: URLPath
        var link: PageLink
    }

    /// How many items a build did not publish, and why.
    package struct Unpublished: Sendable, Hashable {
        package var drafts = 0
        package var future = 0
    }

    /// Puts `item` where the item with its id is: in `items` and `itemsByID`. The item must be
    /// placed as the one it replaces (see ``ModelStage/placement(of:in:)``): the lists, which
    /// refer to places, stay as they are.
    mutating func replace(_ item: ContentItem) {
        itemsByID[item.id] = item
        // A bundle's list holds its item too: what reads it (the images its body shows) must see
        // the new body, not the one the model was built with.
        if item.bundleDirectory != nil, let place = bundlePlaces[item.id] {
            bundles[place].item = item
        }
        guard let place = positions[item.id] else { return }
        items[place] = item
    }

    /// The files of the bundle whose item has this id, nil when it is no published bundle's.
    func bundleFiles(of id: String) -> [String]? {
        bundlePlaces[id].map { bundles[$0].files }
    }

    /// Works out ``positions`` (once per model built anew).
    mutating func placeItems() {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { positions[item.id] = index }
        self.positions = positions
    }

    /// Top-level sections, in navigation order.
    var topSections: [ContentSection] {
        sections.filter { $0.parentID == nil && !$0.id.isEmpty }
    }

    /// Top-level sections in the order the home page shows them: those the menu names, in the
    /// menu's order, then the others by `weight` and title (without a `menu:`, the navigation is
    /// the sections by weight and title, so that order).
    var homeSections: [ContentSection] {
        var menuPlace: [String: Int] = [:]
        for (place, entry) in navigation.enumerated() {
            if let id = entry.sectionID, menuPlace[id] == nil { menuPlace[id] = place }
        }
        return topSections.enumerated()
            .sorted { (menuPlace[$0.element.id] ?? Int.max, $0.offset) < (menuPlace[$1.element.id] ?? Int.max, $1.offset) }
            .map(\.element)
    }
}
