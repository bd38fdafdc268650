/// Assembles every page of the site — or, when the model was only patched, keeps the last build's
/// pages and names the ones that show a changed item (as a cell, as the page's item, or as a
/// neighbour) and whether a feed lists one.
struct PageStage {
    struct Memo: Sendable {
        /// The last successful build's pages (dropped when a build fails).
        var pages: [Page] = []
        /// Item id → indices of the pages that show it.
        var showing: [String: [Int]] = [:]
        /// Ids of the items some feed lists.
        var feedMembers: Set<String> = []
        /// Every file the pages' site writes (``SiteAddresses``).
        var files: Set<String> = []
    }

    struct Output: Sendable {
        var pages: [Page]
        /// Indices of the pages to render again; nil: all of them may have changed.
        var dirty: [Int]?
        /// Whether the feeds must be written again.
        var feedsChanged: Bool
        /// Every file the site writes, for checking links before anything is written.
        var files: Set<String>
    }

    var model: ModelStage.Output
    var cells: CellStage.Output
    var dates: DateFormatting
    var feeds: FeedCatalog
    /// Whether a later build of the same session may patch these pages (`cellar serve`); else
    /// what each item is shown on is not worked out.
    var remembers: Bool

    func run(memo: inout Memo) async -> Output {
        if let changed = model.changed, !memo.pages.isEmpty {
            let dirty = Set(changed.flatMap { memo.showing[$0] ?? [] }).sorted()
            // Patched: every item is where it was, so the site's files are those of the last pages.
            return Output(pages: memo.pages, dirty: dirty, feedsChanged: !memo.feedMembers.isDisjoint(with: changed),
                          files: memo.files)
        }
        let site = model.model
        let pages = await PageAssembler(model: site, cells: cells.table(for: site.items), dates: dates, feeds: feeds,
                                  text: site.theme.text.table(for: site.config.language)).assemble()
        Trace.mark("pages: assembled")
        let files = SiteAddresses.files(of: site, pages: pages)
        Trace.mark("pages: the site's files listed")
        guard remembers else {
            memo = Memo()
            return Output(pages: pages, dirty: nil, feedsChanged: true, files: files)
        }
        var showing: [String: [Int]] = [:]
        for (index, page) in pages.enumerated() {
            for id in [page.itemID, page.previousID, page.nextID].compactMap({ $0 }) { showing[id, default: []].append(index) }
            for section in page.dataSource.sections {
                for cell in section.cells { showing[cell.itemID, default: []].append(index) }
            }
        }
        let inFeeds = [nil] + FeedCatalog.sectionsWithFeeds(site.sections).map(\.id)
        memo = Memo(pages: pages, showing: showing,
                    feedMembers: Set(inFeeds.flatMap { FeedCatalog.entries(of: site, sectionID: $0).map(\.id) }), files: files)
        return Output(pages: pages, dirty: nil, feedsChanged: true, files: files)
    }
}
