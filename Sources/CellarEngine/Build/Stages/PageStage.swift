import CellarDiagnostics
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
        var alternates = LanguageAlternates()
        /// `files` as published with the last build's images (``ImageCatalog/publishedFiles(_:keys:)``), by their publication key.
        var published: (key: UInt64?, files: Set<String>)?
    }

    struct Output: Sendable {
        var pages: [Page]
        /// Indices of the pages to render again; nil: all of them may have changed.
        var dirty: [Int]?
        /// Whether the feeds must be written again.
        var feedsChanged: Bool
        /// Every file the site writes, for checking links before anything is written.
        var files: Set<String>
        /// On a multilingual site, each page's versions in the other languages.
        var alternates = LanguageAlternates()
    }

    var model: ModelStage.Output
    var cells: CellStage.Output
    var dates: DateFormatting
    var feeds: FeedCatalog
    /// Whether a later build of the same session may patch these pages (`cellar serve`); else
    /// what each item is shown on is not worked out.
    var remembers: Bool
    /// On a multilingual site, each language's share of it (empty for a site in one language).
    var languageSites: [LanguageSite] = []

    func run(memo: inout Memo) async -> Output {
        if let changed = model.changed, !memo.pages.isEmpty {
            let dirty = Set(changed.flatMap { memo.showing[$0] ?? [] }).sorted()
            // Patched: every item is where it was, so the site's files are those of the last pages.
            return Output(pages: memo.pages, dirty: dirty, feedsChanged: !memo.feedMembers.isDisjoint(with: changed),
                          files: memo.files, alternates: memo.alternates)
        }
        let site = model.model
        var pages: [Page] = []
        var alternates = LanguageAlternates()
        if languageSites.isEmpty {
            pages = await PageAssembler(model: site, cells: cells.table(for: site.items), dates: dates, feeds: feeds,
                                        text: site.theme.text.table(for: site.config.language)).assemble()
        } else {
            // Each language's pages as a site of its own, under its prefix; one 404 page for all.
            let table = cells.table(for: site.items)
            for languageSite in languageSites {
                let code = languageSite.language.code
                var part = await PageAssembler(
                    model: languageSite.model, cells: table, dates: DateFormatting(timeZone: site.config.timeZone, language: code),
                    feeds: languageSite.feeds, text: site.theme.text.table(for: code), homeURL: languageSite.home,
                    includesNotFound: languageSite.isDefault
                ).assemble()
                for index in part.indices { part[index].language = code }
                pages += part
            }
            alternates = LanguageAlternates(pages: pages, languages: site.config.languages) { site.itemsByID[$0]?.translationKey }
        }
        Trace.mark("pages: assembled")
        let files = SiteAddresses.files(of: site, pages: pages, languageSites: languageSites)
        Trace.mark("pages: the site's files listed")
        guard remembers else {
            memo = Memo()
            return Output(pages: pages, dirty: nil, feedsChanged: true, files: files, alternates: alternates)
        }
        var showing: [String: [Int]] = [:]
        for (index, page) in pages.enumerated() {
            for id in [page.itemID, page.previousID, page.nextID].compactMap({ $0 }) { showing[id, default: []].append(index) }
            for section in page.dataSource.sections {
                for cell in section.cells { showing[cell.itemID, default: []].append(index) }
            }
        }
        var feedMembers = Set<String>()
        for feedSite in languageSites.isEmpty ? [site] : languageSites.map(\.model) {
            let inFeeds = [nil] + FeedCatalog.sectionsWithFeeds(feedSite.sections).map(\.id)
            feedMembers.formUnion(inFeeds.flatMap { FeedCatalog.entries(of: feedSite, sectionID: $0).map(\.id) })
        }
        memo = Memo(pages: pages, showing: showing, feedMembers: feedMembers, files: files, alternates: alternates)
        return Output(pages: pages, dirty: nil, feedsChanged: true, files: files, alternates: alternates)
    }
}
