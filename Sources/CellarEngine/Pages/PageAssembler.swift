import CellarDiagnostics
import Foundation
import Synchronization

/// Builds every page of the site from the model and the items' cell configurators: home,
/// section lists (sorted, paginated, grouped), item pages with neighbours, tag pages, 404.
/// No page code asks an item's kind: each cell is whatever configurator the registry made.
struct PageAssembler {
    var model: SiteModel
    /// Each of the model's `items`' configurator at the item's place: the one list every page's
    /// cells are places in.
    var cells: CellTable
    var dates: DateFormatting
    var feeds: FeedCatalog
    /// The theme's words in the site's language, for the titles Cellar makes up.
    var text: ThemeTextTable?
    /// The home page's address: the site's root, or a language's (`vi/`).
    var homeURL: URLPath = .root
    /// Whether the site's 404 page is among these pages (one language's site of several leaves it out).
    var includesNotFound = true

    func assemble() async -> [Page] {
        // The tag pages (every tag's items sorted and grouped, tag by tag on every core) are put
        // together while this task makes the lists and then the item pages, which are nearly all
        // the pages: those are appended to the array this task made, never copied (a copy of a
        // page counts a dozen references up, and each is a cache miss on a big site).
        async let tagged = tagPages()
        var pages: [Page] = []
        // Room for the tag pages too: about one in four of the items'.
        pages.reserveCapacity(model.items.count + model.items.count / 4 + 16)
        appendListPages(to: &pages)
        Trace.mark("pages: lists")
        appendItemPages(to: &pages)
        Trace.mark("pages: items")
        for part in await tagged { pages += part }
        Trace.mark("pages: tags")
        if includesNotFound {
            pages.append(Page(role: .notFound, url: "404.html", title: EngineText.notFoundTitle.text(in: text), feeds: feeds.site,
                              inSitemap: false))
        }
        // Each language's search page (`vi/search/`), which searches that language's index.
        if SiteSearch.isOn(model), model.theme.layouts["search"] != nil {
            pages.append(Page(role: .search, url: SiteSearch.page(prefix: homeURL.value), title: EngineText.searchTitle.text(in: text),
                              feeds: feeds.site, inSitemap: false))
        }
        return pages
    }

    // MARK: - Private

    /// The cells of the items at `places` in the model's `items`.
    private func shown(_ places: some Sequence<Int>) -> SectionCells {
        SectionCells(places.map { Int32($0) }, in: cells)
    }

    /// The home page and every section's list pages.
    private func appendListPages(to pages: inout [Page]) {
        pages.append(home())
        for section in model.sections where !section.id.isEmpty {
            pages += sectionPages(section)
        }
    }

    private func home() -> Page {
        var sections: [Section] = []
        var newest: Date?
        // The home page is what is new: a section shows its latest items, picked from the site's
        // newest-first list rather than by sorting each whole section for a few items, even when
        // it lists them by title. A section sorted by weight is an order someone chose (a guide's
        // chapters): it shows its first items, in that order.
        var picked: [String: [Int]] = [:]
        let shownSections = model.homeSections
        var limits: [String: Int] = [:]
        for section in shownSections {
            let limit = section.homeItems ?? model.config.homeItems
            if section.sort != .weight {
                limits[section.id] = limit
            } else {
                picked[section.id] = Array((model.sectionPlaces[section.id] ?? []).prefix(limit))
            }
        }
        var open = limits.filter { $0.value > 0 }.count
        for place in model.newestFirst where open > 0 {
            let sectionID = model.items[place].sectionID
            guard let limit = limits[sectionID], picked[sectionID, default: []].count < limit else { continue }
            picked[sectionID, default: []].append(place)
            if picked[sectionID]?.count == limit { open -= 1 }
        }
        for section in shownSections {
            let places = picked[section.id] ?? []
            guard !places.isEmpty else { continue }
            sections.append(Section(title: section.title, url: section.url, cells: shown(places)))
            newest = latest(newest, places.compactMap { model.dates[$0] }.max())
        }
        return Page(role: .home, url: homeURL, title: model.config.title, description: model.config.description,
                    dataSource: DataSource(sections: sections), introHTML: model.config.introHTML,
                    feeds: feeds.site, lastModified: newest)
    }

    private func sectionPages(_ section: ContentSection) -> [Page] {
        let places = model.sectionPlaces[section.id] ?? []
        let grouper = ItemGrouper(grouping: section.grouping, dates: dates, otherTitle: EngineText.otherGroup.text(in: text),
                                  kinds: model.theme.kinds)
        let paginator = Paginator(pageSize: section.paginate ?? model.config.paginate)
        let feeds = feeds.section(section.id) + feeds.site
        return paginator.paginate(places, at: section.url).map { slice, pagination in
            let groups = grouper.group(slice, date: { model.dates[$0] }, item: { model.items[$0] })
            return Page(
                role: .section, layout: section.layout, url: pagination.pages[pagination.current - 1],
                title: numbered(section.title, pagination),
                description: section.description,
                dataSource: DataSource(sections: groups.map { Section(title: $0.title, cells: shown($0.elements)) }),
                pagination: pagination, sectionID: section.id,
                introHTML: pagination.current == 1 ? section.introHTML : nil,
                feeds: feeds, lastModified: newest(of: slice) { model.dates[$0] }
            )
        }
    }

    private func appendItemPages(to pages: inout [Page]) {
        var sectionIDs = model.sections.map(\.id)
        if !sectionIDs.contains("") { sectionIDs.append("") }
        var readAhead = 0
        defer { Self.readAhead.store(readAhead, ordering: .relaxed) }
        for sectionID in sectionIDs {
            let places = (model.sectionPlaces[sectionID] ?? []).filter { model.withPage[$0] }
            // Items outside every section are standalone pages: no neighbours, no list around them.
            let standalone = sectionID.isEmpty
            let feeds = feeds.section(sectionID) + feeds.site
            for (index, place) in places.enumerated() {
                // Each page counts a reference on its next neighbour's source, which on a big site is a
                // cache miss somewhere in the gigabyte that holds them, and a count (an atomic add)
                // waits for it before anything else goes on. Sixteen pages at a time, their sources
                // are first read (a word of the line their count is in): plain reads wait together,
                // and the counts then find their lines at hand (item pages at 100,000 items: ~35 → ~10 ms).
                if index % Self.readAheadPages == 0 {
                    let ahead = min(places.count, index + 1)..<min(places.count, index + 1 + Self.readAheadPages)
                    for next in places[ahead] { readAhead &+= model.items[next].source.id.utf8.count }
                }
                // What the page needs is all in the item's source (not its body: one object reached, not two).
                pages.append(Page(
                    item: model.items[place].source,
                    previous: index > 0 && !standalone ? model.items[places[index - 1]].source : nil,
                    next: index + 1 < places.count && !standalone ? model.items[places[index + 1]].source : nil,
                    sectionID: standalone ? nil : sectionID, standalone: standalone, feeds: feeds
                ))
            }
        }
    }

    private static let readAheadPages = 16
    /// Where ``appendItemPages(to:)`` leaves what its reads ahead add up to, so that they are not
    /// optimized away (nothing reads it).
    private static let readAhead = Atomic<Int>(0)

    /// The tag index, then each tag's pages.
    private func tagPages() async -> [[Page]] {
        let tags = model.tags.tags
        guard !tags.isEmpty else { return [] }
        let index = Page(role: .tags, url: model.tags.home, title: EngineText.tagsTitle.text(in: text),
                         tags: tags.map { TagCount(name: $0.name, url: $0.url, count: $0.itemIDs.count) },
                         feeds: feeds.site)
        // Every tag lists its items newest first: each item's section and date are found once,
        // by its place in the site's newest-first order, not once per tag that carries it.
        let newest = NewestFirst.make(model: model, otherGroup: EngineText.pagesGroup.text(in: text))
        // One tag's pages at a time on each core: a big site's tags list thousands of items each.
        let perTag = await parallelMap(Array(tags.indices), minimumChunk: 1) { tag in
            pages(of: tags[tag], at: newest.tagged[tag], newest: newest)
        }
        return [[index]] + perTag
    }

    /// Where each published item is listed, newest first, and each tag's items as places
    /// in that order, so that paging a tag's five thousand items looks up no item and hashes no id.
    private struct NewestFirst: Sendable {
        struct Place: Sendable {
            /// The item's place in the model's `items`.
            var item: Int32
            /// Its section's place in ``groups``.
            var group: Int32
        }

        /// Every published item, newest first.
        var places: [Place]
        /// The title and URL of each section items are in: the sections in navigation order, then
        /// any other (items at the top of `content/`), by id.
        var groups: [(title: String, url: URLPath?)]
        /// Each tag's items (by its place in the model's tags) as places in ``places``, newest first.
        var tagged: [[Int32]]

        static func make(model: SiteModel, otherGroup: String) -> NewestFirst {
            var groups: [(title: String, url: URLPath?)] = []
            var rank: [String: Int32] = [:]
            for section in model.sections {
                rank[section.id] = Int32(groups.count)
                groups.append((section.title, section.url))
            }
            for sectionID in model.sectionPlaces.keys.sorted() where rank[sectionID] == nil {
                rank[sectionID] = Int32(groups.count)
                groups.append((model.sectionsByID[sectionID]?.title ?? otherGroup, model.sectionsByID[sectionID]?.url))
            }
            // Each item's group, filled section by section: no item's section id is hashed.
            var groupOf = [Int32](repeating: 0, count: model.items.count)
            for (sectionID, members) in model.sectionPlaces {
                let group = rank[sectionID] ?? 0
                for place in members { groupOf[place] = group }
            }
            let places = model.newestFirst.map { place in Place(item: Int32(place), group: groupOf[place]) }
            // Each tag's items as places in the newest-first order, in that order, without sorting
            // a tag's list (a sort's log grows with the tag: 5,000 items at 100k) and without
            // walking the items at random: each tag marks its items' places in a bit set (12 KiB at
            // 100,000 items, at hand in the cache) and reads the marks in order.
            var positionOf = [Int32](repeating: -1, count: model.items.count)
            for (position, place) in model.newestFirst.enumerated() { positionOf[place] = Int32(position) }
            var marks = [UInt64](repeating: 0, count: (model.newestFirst.count + 63) / 64)
            let tagged = model.tags.places.map { members -> [Int32] in
                for place in members {
                    let position = positionOf[Int(place)]
                    if position >= 0 { marks[Int(position) >> 6] |= 1 << UInt64(position & 63) }
                }
                var list: [Int32] = []
                list.reserveCapacity(members.count)
                for index in marks.indices where marks[index] != 0 {
                    var word = marks[index]
                    while word != 0 {
                        list.append(Int32(index << 6 | word.trailingZeroBitCount))
                        word &= word - 1
                    }
                    marks[index] = 0
                }
                return list
            }
            return NewestFirst(places: places, groups: groups, tagged: tagged)
        }
    }

    /// A tag's list pages: its items newest first, grouped by content section on each page.
    private func pages(of tag: Tag, at places: [Int32], newest: NewestFirst) -> [Page] {
        let title = "#\(tag.name)"
        return Paginator(pageSize: model.config.paginate).paginate(places, at: tag.url).map { slice, pagination in
            // Group by content section, sections in navigation order, items newest first within
            // each (the slice is newest first: each group keeps its order).
            var groups: [Int32] = []
            for place in slice where !groups.contains(newest.places[Int(place)].group) {
                groups.append(newest.places[Int(place)].group)
            }
            groups.sort()
            let sections = groups.map { group in
                Section(title: newest.groups[Int(group)].title, url: newest.groups[Int(group)].url,
                        cells: SectionCells(slice.compactMap { newest.places[Int($0)].group == group ? newest.places[Int($0)].item : nil },
                                            in: cells))
            }
            return Page(
                role: .tag, url: pagination.pages[pagination.current - 1],
                title: numbered(title, pagination),
                dataSource: DataSource(sections: sections), pagination: pagination, feeds: feeds.site,
                // The slice is newest first (undated items last): its first item's date is its newest,
                // one look instead of one for each item, at random in a table the cache cannot hold.
                lastModified: slice.first.flatMap { model.dates[Int(newest.places[Int($0)].item)] }
            )
        }
    }

    /// `Blog`, then `Blog — page 2`… (in the theme's words).
    private func numbered(_ title: String, _ pagination: Pagination) -> String {
        guard pagination.current > 1 else { return title }
        let number = String(pagination.current)
        return EngineText.numberedPageTitle.text(in: text) { name in name == "title" ? title : name == "number" ? number : nil }
    }

    /// The newest of the dates of `elements` (nil when none has one).
    private func newest<C: Collection>(of elements: C, _ date: (C.Element) -> Date?) -> Date? {
        var newest: Date?
        for element in elements { newest = latest(newest, date(element)) }
        return newest
    }

    private func latest(_ a: Date?, _ b: Date?) -> Date? {
        switch (a, b) {
        case let (x?, y?): max(x, y)
        default: a ?? b
        }
    }
}
