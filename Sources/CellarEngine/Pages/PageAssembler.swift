import Foundation

/// Builds every page of the site from the model and the items' cell configurators: home,
/// section lists (sorted, paginated, grouped), item pages with neighbours, tag pages, 404.
/// No page code asks an item's kind: each cell is whatever configurator the registry made.
struct PageAssembler {
    var model: SiteModel
    var cells: [String: any CellConfiguring]
    var dates: DateFormatting
    var feeds: FeedCatalog
    /// The theme's words in the site's language, for the titles Cellar makes up.
    var text: ThemeTextTable?

    func assemble() async -> [Page] {
        // Tag pages (every tag's items sorted and grouped, tag by tag on every core) and item
        // pages are the two big parts: they are put together while this task makes the lists.
        async let tagged = tagPages()
        async let items = itemPages()
        var lists: [Page] = [home()]
        for section in model.sections where !section.id.isEmpty {
            lists += sectionPages(section)
        }
        // The item pages (nearly all of them) are moved, not copied: a copy of a page counts a
        // dozen references up and, with the old array, down again.
        var pages = await items
        pages.insert(contentsOf: lists, at: 0)
        pages += await tagged
        pages.append(Page(role: .notFound, url: "404.html", title: EngineText.notFoundTitle.text(in: text), feeds: feeds.site,
                          inSitemap: false))
        return pages
    }

    // MARK: - Private

    private func configurators(_ items: some Sequence<ContentItem>) -> [any CellConfiguring] {
        items.compactMap { cells[$0.id] }
    }

    private func home() -> Page {
        var sections: [Section] = []
        var newest: Date?
        // The latest of each section, whatever order the section lists them in: picked from the
        // site's newest-first list rather than by sorting each whole section for a few items.
        var picked: [String: [ContentItem]] = [:]
        let limits = Dictionary(uniqueKeysWithValues: model.topSections.map { ($0.id, $0.homeItems ?? model.config.homeItems) })
        var open = limits.filter { $0.value > 0 }.count
        for id in model.newestFirst where open > 0 {
            guard let item = model.itemsByID[id], let limit = limits[item.sectionID], picked[item.sectionID, default: []].count < limit
            else { continue }
            picked[item.sectionID, default: []].append(item)
            if picked[item.sectionID]?.count == limit { open -= 1 }
        }
        for section in model.topSections {
            let items = picked[section.id] ?? []
            guard !items.isEmpty else { continue }
            sections.append(Section(title: section.title, url: section.url, cells: configurators(items)))
            newest = latest(newest, items.compactMap(\.date).max())
        }
        return Page(role: .home, url: .root, title: model.config.title, description: model.config.description,
                    dataSource: DataSource(sections: sections), introHTML: model.config.introHTML,
                    feeds: feeds.site, lastModified: newest)
    }

    private func sectionPages(_ section: ContentSection) -> [Page] {
        let items = model.sectionItems[section.id] ?? []
        let grouper = ItemGrouper(grouping: section.grouping, dates: dates, otherTitle: EngineText.otherGroup.text(in: text),
                                  kinds: model.theme.kinds)
        let paginator = Paginator(pageSize: section.paginate ?? model.config.paginate)
        return paginator.paginate(items, at: section.url).map { slice, pagination in
            let groups = grouper.group(Array(slice))
            return Page(
                role: .section, layout: section.layout, url: pagination.pages[pagination.current - 1],
                title: numbered(section.title, pagination),
                description: section.description,
                dataSource: DataSource(sections: groups.map { Section(title: $0.title, cells: configurators($0.items)) }),
                pagination: pagination, sectionID: section.id,
                introHTML: pagination.current == 1 ? section.introHTML : nil,
                feeds: feeds.section(section.id) + feeds.site, lastModified: slice.compactMap(\.date).max()
            )
        }
    }

    private func itemPages() -> [Page] {
        var pages: [Page] = []
        var sectionIDs = model.sections.map(\.id)
        if !sectionIDs.contains("") { sectionIDs.append("") }
        for sectionID in sectionIDs {
            let items = (model.sectionItems[sectionID] ?? []).filter(\.hasPage)
            // Items outside every section are standalone pages: no neighbours, no list around them.
            let standalone = sectionID.isEmpty
            let feeds = feeds.section(sectionID) + feeds.site
            for (index, item) in items.enumerated() {
                var page = Page(
                    role: standalone ? .page : .item, url: item.url, title: "",
                    itemID: item.id,
                    previousID: index > 0 && !standalone ? items[index - 1].id : nil,
                    nextID: index + 1 < items.count && !standalone ? items[index + 1].id : nil,
                    sectionID: standalone ? nil : sectionID,
                    feeds: feeds,
                    lastModified: item.updated ?? item.date
                )
                Self.describe(&page, by: item)
                pages.append(page)
            }
        }
        return pages
    }

    /// What an item page says of its item besides where it is: its title and description. A
    /// page kept from an earlier build is described again when only its item's words changed.
    static func describe(_ page: inout Page, by item: ContentItem) {
        page.title = item.title
        page.description = item.summary.isEmpty ? nil : item.summary
    }

    private func tagPages() async -> [Page] {
        let tags = model.tags.tags
        guard !tags.isEmpty else { return [] }
        let index = Page(role: .tags, url: TagIndex.root, title: EngineText.tagsTitle.text(in: text),
                         tags: tags.map { TagCount(name: $0.name, url: $0.url, count: $0.itemIDs.count) },
                         feeds: feeds.site)
        // Every tag lists its items newest first: each item's section, date and cell are found once,
        // by its place in the site's newest-first order, not once per tag that carries it.
        let newest = await NewestFirst.make(model: model, cells: cells)
        // One tag's pages at a time on each core: a big site's tags list thousands of items each.
        let perTag = await parallelMap(tags, minimumChunk: 1) { tag in pages(of: tag, newest: newest) }
        return [index] + perTag.joined()
    }

    /// What a tag page needs of each published item, newest first, so that paging a tag's five
    /// thousand items looks up no item and hashes no id.
    private struct NewestFirst: Sendable {
        struct Place: Sendable {
            var sectionID: String
            var date: Date?
            var cell: (any CellConfiguring)?
        }

        var places: [Place]
        /// Each section's place in navigation order.
        var sectionOrder: [String: Int]

        static func make(model: SiteModel, cells: [String: any CellConfiguring]) async -> NewestFirst {
            let items = model.itemsByID
            let places = await parallelMap(model.newestFirst, minimumChunk: 1024) { id in
                let item = items[id]
                return Place(sectionID: item?.sectionID ?? "", date: item?.date, cell: cells[id])
            }
            return NewestFirst(places: places,
                               sectionOrder: Dictionary(uniqueKeysWithValues: model.sections.enumerated().map { ($1.id, $0) }))
        }
    }

    /// A tag's list pages: its items newest first, grouped by content section on each page.
    private func pages(of tag: Tag, newest: NewestFirst) -> [Page] {
        let places = tag.itemIDs.compactMap { model.recency[$0] }.sorted()
        let order = newest.sectionOrder
        return Paginator(pageSize: model.config.paginate).paginate(places, at: tag.url).map { slice, pagination in
            // Group by content section, sections in navigation order, items newest first within
            // each (the slice is newest first: each group keeps its order).
            var sectionIDs: [String] = []
            for place in slice where !sectionIDs.contains(newest.places[place].sectionID) {
                sectionIDs.append(newest.places[place].sectionID)
            }
            sectionIDs.sort { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
            let sections = sectionIDs.map { sectionID in
                Section(title: model.sectionsByID[sectionID]?.title ?? EngineText.pagesGroup.text(in: text),
                        url: model.sectionsByID[sectionID]?.url,
                        cells: slice.compactMap { newest.places[$0].sectionID == sectionID ? newest.places[$0].cell : nil })
            }
            return Page(
                role: .tag, url: pagination.pages[pagination.current - 1],
                title: numbered("#\(tag.name)", pagination),
                dataSource: DataSource(sections: sections), pagination: pagination, feeds: feeds.site,
                lastModified: slice.compactMap { newest.places[$0].date }.max()
            )
        }
    }

    /// `Blog`, then `Blog — page 2`… (in the theme's words).
    private func numbered(_ title: String, _ pagination: Pagination) -> String {
        pagination.current == 1 ? title
            : EngineText.numberedPageTitle.text(in: text, ["title": title, "number": String(pagination.current)])
    }

    private func latest(_ a: Date?, _ b: Date?) -> Date? {
        switch (a, b) {
        case let (x?, y?): max(x, y)
        default: a ?? b
        }
    }
}
