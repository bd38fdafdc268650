import AnnotatedLocking
import Synchronization
import CellarDiagnostics
import CellarFiles
import CellarOutput
import CellarSearch
import Foundation

/// The work of the rendering-and-writing stage (``WriteStage`` decides what is written): renders
/// every page through its layout and writes it, with feeds, the sitemap, robots.txt, redirects,
/// static files, bundles' files and the theme's assets.
struct SiteWriter {
    var model: SiteModel
    var environment: RenderEnvironment
    var renderer: PageRenderer
    var writer: OutputWriter
    var reporter: any BuildReporter
    var layout: SiteLayout
    /// Everything every page depends on (see ``Page/fingerprint(global:current:revision:)``).
    var globalKey: UInt64
    /// In a session told exactly what changed: files whose sources are not among them need no look.
    var unchangedSources: UnchangedSources?
    /// Whether a later build may skip pages rendered from the same inputs: then each page's
    /// fingerprint is worked out (kept in memory by a session, in `.cellar-cache/pages.bin` by
    /// `cellar build`; see ``KeptPages``).
    var remembersPages = true
    /// Whether the pages were made in this build (not kept from an earlier build of a session):
    /// their fingerprints read each cell's key from the cells' table (``Page/fingerprint(global:current:revision:)``).
    var pagesAreCurrent = false
    /// On a multilingual site: each language's share, with the environment its pages are drawn in.
    var languageSites: [(site: LanguageSite, environment: RenderEnvironment)] = []
    /// Each language's page renderer, by code.
    var renderers: [String: PageRenderer] = [:]
    var alternates = LanguageAlternates()
    /// The search indexes (one per language of a multilingual site), when the site has search.
    var searches: [SiteSearch] = []
    /// When set (`cellar build`), each item page is searched for its body, to tell ``KeptBodies``
    /// where it sits; it holds where each body sat in the last build's pages, carried over for a
    /// page linked unchanged from the last output.
    var bodiesPlacedBefore: [String: KeptBodies.Placement]?

    init(model: SiteModel, environment: RenderEnvironment, cells: CellCache, writer: OutputWriter,
         reporter: any BuildReporter, layout: SiteLayout, globalKey: UInt64, unchangedSources: UnchangedSources? = nil,
         languageSites: [LanguageSite] = [], alternates: LanguageAlternates = LanguageAlternates()) {
        self.model = model
        self.environment = environment
        self.renderer = PageRenderer(environment: environment, theme: model.theme, items: model.itemsByID, cells: cells)
        self.alternates = alternates
        for languageSite in languageSites {
            let languageEnvironment = RenderEnvironment(
                site: languageSite.model.config, kinds: model.theme.kinds, sections: languageSite.model.sectionsByID,
                links: model.links, tags: languageSite.model.tags, siteFeeds: languageSite.feeds.site,
                navigation: languageSite.model.navigation, text: model.theme.text, home: languageSite.home,
                languageParts: environment.languageParts, images: environment.images,
                // Each language's pages search that language's index from its own search page.
                searchIndex: environment.searchIndex.map { _ in SiteSearch.folder(prefix: languageSite.language.prefix) },
                searchPage: environment.searchPage.map { _ in SiteSearch.page(prefix: languageSite.language.prefix) })
            self.languageSites.append((languageSite, languageEnvironment))
            renderers[languageSite.language.code] = PageRenderer(environment: languageEnvironment, theme: model.theme,
                                                                items: model.itemsByID, cells: cells, alternates: alternates)
        }
        self.writer = writer
        self.reporter = reporter
        self.layout = layout
        self.globalKey = globalKey
        self.unchangedSources = unchangedSources
    }

    /// What a page is rendered from: everything global and the revisions of the items it shows.
    private func fingerprint() -> @Sendable (Page) -> UInt64 {
        let items = model.itemsByID, globalKey = globalKey, current = pagesAreCurrent
        let ofPage: @Sendable (Page) -> UInt64 = { page in page.fingerprint(global: globalKey, current: current) { items[$0]?.revision ?? 0 } }
        guard !languageSites.isEmpty else { return ofPage }
        // A page's hreflang links and switcher show which of its translations there are.
        let alternates = alternates
        return { page in
            var hash = StableHash()
            hash.combine(ofPage(page))
            hash.combine(page.language ?? "")
            hash.combine(alternates.fingerprint(of: page.url))
            return hash.value
        }
    }

    /// What ``write(_:fingerprints:)`` did: the problems met (the caller aborts when there are
    /// errors), the fingerprint of every page, how many pages were rendered and, when it places
    /// bodies (``bodiesPlacedBefore``), where each item's body starts in its page, by item id.
    struct Written: Sendable {
        var diagnostics = DiagnosticBag()
        var fingerprints: [String: UInt64] = [:]
        var rendered = 0
        var bodyOffsets: [String: Int] = [:]
    }

    /// Writes every page of `pages`. A page whose fingerprint is in `fingerprints` and whose file
    /// is still as written is neither rendered nor written.
    func write(_ pages: [Page], fingerprints previous: [String: UInt64]) async -> Written {
        let fingerprint = fingerprint()
        let renderer = self.renderer
        let renderers = self.renderers
        let writer = self.writer
        let reporter = self.reporter
        let remembersPages = self.remembersPages
        let placedBefore = bodiesPlacedBefore
        let items = model.itemsByID
        let total = pages.count
        /// Where the body of the item `page` shows starts in its file, written as `html` (nil: linked
        /// unchanged); -1 when it is not there (32 bits: each page's result is held until all are written).
        @Sendable func bodyOffset(of page: Page, html: UnsafeRawBufferPointer?) -> Int32 {
            guard let placedBefore, let id = page.itemID, let body = items[id]?.contentHTML else { return -1 }
            let offset = if let html { KeptBodies.offset(of: body, in: html) }
                         else { placedBefore[id].flatMap { KeptBodies.placement($0, holds: body) ? $0.offset : nil } }
            return offset.flatMap { Int32(exactly: $0) } ?? -1
        }
        // A page's problem in a list, not an optional: a Diagnostic held inline made every page's
        // result (100,000 of them, twice while the chunks are joined) several times its size.
        let results = await parallelMap(pages, minimumChunk: 64, progress: { reporter.progress(.renderingAndWriting, done: $0, total: total) }) {
            page -> (String, UInt64?, Bool, Int32, [Diagnostic]) in
            let file = page.url.outputFile
            let key = remembersPages ? fingerprint(page) : nil
            if let key, previous[file] == key, writer.keep(file) { return (file, key, false, bodyOffset(of: page, html: nil), []) }
            var html: [UInt8] = []
            html.reserveCapacity(16 * 1024)
            do {
                try (page.language.flatMap { renderers[$0] } ?? renderer).render(page, into: &html)
                var failure: FileIOError?
                let offset = html.withUnsafeBytes { bytes -> Int32 in
                    do throws(FileIOError) { try writer.write(bytes, to: file) } catch { failure = error }
                    return bodyOffset(of: page, html: bytes)
                }
                if let failure { throw failure }
                return (file, key, true, offset, [])
            } catch let error as DiagnosticConvertible {
                return (file, nil, true, -1, [error.diagnostic])
            } catch {
                return (file, nil, true, -1, [.error("cannot render \(page.url): \(error)")])
            }
        }
        var written = Written()
        written.fingerprints.reserveCapacity(results.count)
        for (page, (file, key, wasRendered, offset, problems)) in zip(pages, results) {
            written.diagnostics.append(contentsOf: problems)
            if let key { written.fingerprints[file] = key }
            if wasRendered { written.rendered += 1 }
            if offset >= 0, let id = page.itemID { written.bodyOffsets[id] = Int(offset) }
        }
        reporter.progress(.renderingAndWriting, done: total, total: total)
        return written
    }

    /// Pages, then feeds, the sitemap, robots.txt, redirects and copied files.
    func writeAll(_ pages: [Page], fingerprints previous: [String: UInt64]) async -> Written {
        // Pages (nearly all of them in their own folder), copies, feeds and the few site files.
        let copies = model.staticFiles.count + model.bundleResources.reduce(0) { $0 + $1.files.count } + model.theme.assets.count
        let searchFileCount = searches.isEmpty ? 0
            : searches.count * 2 + SearchIndex.shardCount(documents: model.items.count) + model.items.count / SearchIndex.chunkSize
        writer.expect(files: pages.count + copies + 4 * (model.sections.count + 1) + 8 + searchFileCount)
        // The search index's items are read first, on every core: what is left of the index (its
        // postings and files, mostly on one core) then runs beside the pages, not queued behind them
        // and finishing alone.
        let readings = Handoff(await readSearchIndexes())
        // Feeds, the sitemap and redirects are written one after another, and the search index:
        // on a core of their own while the pages are rendered on the others, not after them.
        async let siteFiles = Self.failure { () async throws(FileIOError) in
            try writeFeeds()
            try writeSiteFiles(pages)
        }
        async let searchFiles = Self.failure { () async throws(FileIOError) in try await writeSearchIndex(readings.take(), onlyChanged: false) }
        var written = await write(pages, fingerprints: previous)
        if let problem = await siteFiles { written.diagnostics.append(problem.diagnostic) }
        if let problem = await searchFiles { written.diagnostics.append(problem.diagnostic) }
        Trace.mark("write: pages, feeds, sitemap")
        do throws(FileIOError) {
            try await copyFiles()
            Trace.mark("write: copies")
        } catch {
            written.diagnostics.append(error.diagnostic)
        }
        return written
    }

    // MARK: - Private

    func writeFeeds() throws(FileIOError) {
        guard !languageSites.isEmpty else {
            return try writeFeeds(of: model, environment: environment, root: .root, withAliases: true)
        }
        for (site, environment) in languageSites {
            try writeFeeds(of: site.model, environment: environment, root: site.home, withAliases: site.isDefault)
        }
    }

    /// The feeds of a site (or of one language's share of it, at its home `root`).
    private func writeFeeds(of model: SiteModel, environment: RenderEnvironment, root: URLPath,
                            withAliases: Bool) throws(FileIOError) {
        let config = model.config
        let author = config.author ?? config.title
        func document(title: String, description: String, home: URLPath, sectionID: String?) -> FeedDocument {
            let entries = FeedCatalog.entries(of: model, sectionID: sectionID).compactMap { FeedEntry($0, environment: environment) }
            var selfURLs: [String: String] = [:]
            for format in FeedCatalog.formats { selfURLs[format.file] = environment.absolute(home.appending(format.file)) }
            return FeedDocument(title: title, description: description, homeURL: environment.absolute(home),
                                selfURLs: selfURLs, language: config.language, author: author,
                                entries: entries, generator: environment.generator)
        }
        var documents = [(root, document(title: config.title, description: config.description ?? "",
                                         home: root, sectionID: nil))]
        for section in FeedCatalog.sectionsWithFeeds(model.sections) {
            documents.append((section.url, document(
                title: FeedCatalog.title(of: section, siteTitle: config.title), description: section.description ?? "",
                home: section.url, sectionID: section.id)))
        }
        for (base, feed) in documents {
            for format in FeedCatalog.formats {
                try writer.write(format.write(feed, environment.dates), to: base.appending(format.file).outputFile)
            }
        }
        if withAliases, let site = documents.first?.1 {
            for alias in config.feedAliases {
                try writer.write(FeedCatalog.format(forAlias: alias).write(site, environment.dates), to: alias.outputFile)
            }
        }
    }

    private func writeSiteFiles(_ pages: [Page]) throws(FileIOError) {
        let entries = pages.filter(\.inSitemap).map { page in
            SiteFiles.SitemapEntry(url: environment.absolute(page.url), lastModified: page.lastModified,
                                   alternates: page.language == nil ? [] : sitemapAlternates(of: page.url))
        }
        try writer.write(SiteFiles.sitemap(entries, dates: environment.dates), to: "sitemap.xml")
        if let root = SiteAddresses.rootRedirect(of: model) {
            let languages = model.config.languages
            try writer.write(SiteFiles.redirect(to: environment.absolute(URLPath(languages.prefix(of: languages.defaultCode))),
                                                language: languages.defaultCode), to: root.outputFile)
        }
        if !URLClaims.hasOwnRobots(model.staticFiles) {
            try writer.write(SiteFiles.robots(sitemap: environment.absolute("sitemap.xml")), to: "robots.txt")
        }
        for item in model.items {
            for alias in item.aliases {
                guard let url = AliasPath.url(for: alias) else { continue }
                try writer.write(SiteFiles.redirect(to: environment.absoluteLocation(of: item), language: model.config.language),
                                 to: url.outputFile)
            }
        }
    }

    /// A page's versions for the sitemap: every language it is in, then `x-default`.
    private func sitemapAlternates(of url: URLPath) -> [(hreflang: String, url: String)] {
        let versions = alternates.alternates(of: url)
        guard !versions.isEmpty else { return [] }
        let fallback = versions.first { $0.language == alternates.languages.defaultCode } ?? versions[0]
        return versions.map { ($0.language, environment.absolute($0.url)) } + [("x-default", environment.absolute(fallback.url))]
    }

    /// Copies the static files of `content/`, the files of published bundles and the theme's assets,
    /// on every core (a site of photos has tens of thousands).
    /// - Parameter sources: copy only the files with these (absolute) sources, and nothing else.
    func copyFiles(onlyFrom sources: Set<String>? = nil) async throws(FileIOError) {
        let writer = self.writer
        let unchanged = sources == nil ? unchangedSources : nil
        var copies: [(source: String, path: String, origins: [String], fresh: Bool)] = []
        /// Copies what `add` listed. A batch at a time: the list of a 100,000-item site's image
        /// variants (three paths each) is tens of MiB, held on top of the whole site at the build's peak.
        func copyListed() async throws(FileIOError) {
            _ = try await parallelMap(copies, minimumChunk: 256) { (copy) throws(FileIOError) in
                if let unchanged, !copy.fresh, !copy.origins.contains(where: unchanged.changed.contains), writer.keep(copy.path) { return }
                try writer.copy(copy.source, to: copy.path)
            }
            copies.removeAll(keepingCapacity: true)
        }
        /// - Parameters:
        ///   - origins: the paths whose change means the file must be copied again (its source,
        ///     and for an asset both places it may come from: a site's override that goes away
        ///     brings back the theme's file, unchanged itself).
        ///   - fresh: copied whatever changed (a variant from another cache folder than last time).
        func add(_ source: String, to path: String, origins: [String]? = nil, fresh: Bool = false) async throws(FileIOError) {
            if let sources, !sources.contains(source), !(origins ?? []).contains(where: sources.contains) { return }
            copies.append((source, path, origins ?? [source], fresh))
            if copies.count == Self.copyBatch { try await copyListed() }
        }
        // A processed image is published as its variants, never as it is (its EXIF may say where
        // its owner lives).
        let images = environment.images.entries
        for (path, entry) in images.sorted(by: { $0.key < $1.key }) {
            for variant in entry.image.variants {
                try await add(Paths.join(entry.folder, variant.file), to: entry.url(of: variant).outputFile,
                              origins: [Paths.join(layout.content, path)], fresh: environment.images.refolded.contains(path))
            }
        }
        for path in model.staticFiles where images[path] == nil {
            try await add(Paths.join(layout.content, path), to: path)
        }
        for (item, files) in model.bundleResources {
            guard let bundle = item.bundleDirectory else { continue }
            for file in files where images[file] == nil {
                let relative = String(file.dropFirst(bundle.count + 1))
                try await add(Paths.join(layout.content, file), to: item.url.appending(relative).outputFile)
            }
        }
        for asset in model.theme.assets {
            guard let source = model.theme.assetSource(asset) else { continue }
            try await add(source.path, to: asset, origins: [Paths.join(layout.root, "assets", asset), Paths.join(model.theme.directory, "assets", asset)])
        }
        try await copyListed()
    }

    /// How many files ``copyFiles(onlyFrom:)`` lists before copying them: enough for every core's
    /// chunks (``parallelMap(_:minimumChunk:progress:_:)``), few enough to hold little.
    static let copyBatch = 4096
}

/// The paths a file watcher reported, for skipping checks of everything else.
struct UnchangedSources: Sendable {
    var changed: Set<String>
}

/// A value handed from one task to another and taken once: the giver keeps no copy (the search
/// index's readings, let go of by the task that writes the index, not held by the caller to its end).
final class Handoff<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: Value) { self.value = Mutex(value) }

    /// The value, the first time; nil after.
    func take() -> Value? {
        value.withAnnotatedLock { held in
            defer { held = nil }
            return held
        }
    }
}

extension SiteWriter {
    /// Runs `work` and returns its failure instead of throwing it: what an `async let` beside the
    /// pages' writing hands back, to be reported with the pages' own problems.
    fileprivate static func failure(_ work: () async throws(FileIOError) -> Void) async -> FileIOError? {
        do throws(FileIOError) {
            try await work()
            return nil
        } catch {
            return error
        }
    }
}
