import CellarFiles
import CellarOutput
import CellarSearch
import CellarDiagnostics
import CellarHighlight
import Foundation

/// The one build pipeline, one stage after another (``BuildStage``): loading the site and theme,
/// parsing items, building the model, rendering cells, assembling pages, rendering and writing.
/// Every build — `cellar build`, a `cellar serve` rebuild after a save, a stylesheet copy, `cellar
/// check` in memory — runs these stages; only the ``ChangeSet`` and what the ``BuildMemo`` holds differ.
struct BuildPipeline: Sendable {
    var options: BuildOptions
    var reporter: any BuildReporter

    /// Loads, checks, renders and writes what `changes` reaches. What the memo keeps for a later
    /// build its ``BuildMemo/policy`` says.
    /// - Returns: the report and the site built (see ``BuildResult``).
    /// - Throws: ``BuildFailure`` with every diagnostic when any is an error; the output is then untouched.
    func run(_ changes: ChangeSet, memo: inout BuildMemo) async throws(BuildFailure) -> BuildResult {
        let changes = changes.merged(with: memo.unbuilt)
        if changes == .everything { memo = BuildMemo(policy: memo.policy) }
        // Files for the next process that a stage started writing on a task of its own: done
        // before the build returns, whether it succeeds or fails (the next build of this process
        // must not find one half written).
        var writing: [Task<Void, Never>] = []
        do throws(BuildFailure) {
            let result = try await stages(changes, memo: &memo, writing: &writing)
            for task in writing { await task.value }
            memo.unbuilt = nil
            return result
        } catch {
            for task in writing { await task.value }
            memo.forgetSite()
            memo.unbuilt = changes
            throw error
        }
    }

    // MARK: - Private

    private func stages(_ changes: ChangeSet, memo: inout BuildMemo, writing: inout [Task<Void, Never>]) async throws(BuildFailure) -> BuildResult {
        let clock = ContinuousClock()
        let start = clock.now
        var timings: [BuildStage: Duration] = [:]
        var usage: [BuildStage: StageUsage] = [:]
        var diagnostics = DiagnosticBag()
        let layout = SiteLayout(options: options)
        let rules = PublishRules(includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, now: options.now)
        /// Runs a stage; after it, errors end the build (unless `continuing`: the next stage then
        /// finds its own problems, to be reported with them).
        func stage<T>(_ stage: BuildStage, continuing: Bool = false,
                      _ body: () async throws(BuildFailure) -> T) async throws(BuildFailure) -> T {
            reporter.stageStarted(stage)
            Trace.mark("before " + stage.rawValue)
            let began = clock.now
            let before = StageUsage.now()
            let result = try await body()
            timings[stage, default: .zero] += clock.now - began
            let after = StageUsage.now()
            usage[stage] = after.since(before, adding: usage[stage])
            reporter.stageFinished(stage, duration: clock.now - began)
            if diagnostics.hasErrors, !continuing { throw BuildFailure(diagnostics) }
            return result
        }

        // Mistakes in the theme do not stop the content from being read: a build reports both.
        let frame = try await stage(.loadingSite, continuing: true) { () throws(BuildFailure) in
            guard let frame = LoadStage(layout: layout, options: options)
                .run(changes, memo: &memo.load, diagnostics: &diagnostics) else { throw BuildFailure(diagnostics) }
            return frame
        }
        let highlighting = highlighting(frame.site.config, memo: &memo, diagnostics: &diagnostics)
        var bodiesRendered = 0
        var itemSetup = ItemStageSetup(frame: frame, rules: rules, highlighting: highlighting, reporter: reporter,
                                       policy: memo.policy, collectsReferences: options.collectsReferences)
        // The bodies and cells the next `cellar build` takes from this one, written beside the pages
        // (its typed sources are written as soon as they are parsed: see below).
        var forNextProcess = KeptForNextProcess()
        // What typing and rendering depend on besides each file: the kept files' keys cover it.
        let keptContext = KeptFile.isKept(by: options) ? ParseStage.context(of: frame.site) : nil
        // `cellar build` in a new process: the bodies the last one rendered, each taken again while
        // what it was rendered from is the same (``KeptBodies``).
        let keptBodiesKey = keptContext.flatMap { KeptBodies.key(context: $0, highlighting: highlighting) }
        // Where each of them sat in the last build's pages (it is read back from there), and what its file left to them.
        var bodiesPlacedBefore: [String: KeptBodies.Placement] = [:]
        var bodiesInPagesBefore: KeptBodies.InPages?
        if let keptBodiesKey {
            if !options.clean, memo.model.bodies.entries.isEmpty {
                let loaded = await KeptBodies.load(cache: layout.cache, output: layout.output, key: keptBodiesKey)
                memo.model.bodies = BodyStage.Memo(entries: loaded.entries)
                bodiesPlacedBefore = loaded.placements
                bodiesInPagesBefore = loaded.inPages
                itemSetup.bodiesOnHand = memo.model.bodies.entries
            }
            itemSetup.keepsBodiesForNextProcess = true
            Trace.mark("kept bodies read")
        }
        // Its typed sources too (``KeptItems``), each taken while its file's bytes are the same.
        let keptItemsKey = keptContext.flatMap { KeptItems.key(context: $0, site: frame.site) }
        if let keptItemsKey {
            if !options.clean, memo.parse.entries.isEmpty {
                itemSetup.itemsOnHand = KeptItems.load(cache: layout.cache, key: keptItemsKey)
            }
            itemSetup.keepsItemsForNextProcess = true
            Trace.mark("kept items read")
        }
        let bodiesOnHand = memo.model.bodies.entries.count
        // The bodies to write to ``KeptBodies`` beside the pages (nil: the file holds them already).
        var bodiesForNextProcess: [BodyStage.Entry]?
        // A file that does not parse leaves its item out; the model's own problems (URLs that
        // collide, links) are still found, to be reported with it.
        let parsed = try await stage(.parsingItems, continuing: true) {
            let parsed = await ParseStage(setup: itemSetup).run(changes, memo: &memo.parse)
            diagnostics.append(contentsOf: parsed.diagnostics)
            return parsed
        }
        Trace.mark("parse stage")
        itemSetup.bodiesOnHand = [:]   // the memo's are the model stage's to change, not to copy
        let itemsTyped = parsed.freshCount - parsed.taken
        // The typed sources are written now, on a task of their own: it runs when a core is free
        // (the model's serial steps, the pages' assembly), not beside the pages, which keep both
        // busy. Each record is keyed by its file's bytes, so the file is right whatever the rest
        // of the build does. The last file's records are copied into it for the items taken from it.
        if let keptItemsKey, let sources = parsed.sourcesForNextProcess {
            let reusing = itemSetup.itemsOnHand, cache = layout.cache
            writing.append(Task.detached {
                KeptItems.save(sources, reusing: reusing, cache: cache, key: keptItemsKey)
                Trace.mark("kept items saved")
            })
        }
        itemSetup.itemsOnHand = KeptItems.Catalog()
        let model = try await stage(.buildingModel) {
            let renderedBefore = memo.model.bodies.rendered
            let model = await ModelStage(setup: itemSetup).run(parsed, memo: &memo.model)
            diagnostics.append(contentsOf: model.diagnostics)
            bodiesRendered = memo.model.bodies.rendered - renderedBefore
            if keptBodiesKey != nil {
                // A one-shot build listed them; a session filed them by id.
                let bodies = memo.policy == .thisBuildOnly ? memo.model.bodies.forNextProcess : Array(memo.model.bodies.entries.values)
                // Taken, not shared: the list is let go of once its file is written, not at the build's end.
                memo.model.bodies.forNextProcess = []
                // Written again only when a body was rendered or one is gone.
                if bodiesRendered > 0 || bodies.count != bodiesOnHand { bodiesForNextProcess = bodies }
            }
            memo.modelBuilt()
            return model
        }
        // The parse's lists and early bodies (a reference count down for each of a big site's
        // items) are let go of on another thread while the cells are made.
        BackgroundRelease.release(consume parsed)
        let site = model.model
        var images = try await stage(.processingImages, continuing: true) {
            await ImageStage(layout: layout, reporter: reporter, keys: memo.imageKeys, changes: changes,
                             remembersOutcomes: memo.policy == .keepForLaterBuilds, previous: memo.images,
                             changedItems: model.changed).run(site, diagnostics: &diagnostics)
        }
        images.noteRefolded(since: memo.images)
        if memo.images?.fingerprint != images.fingerprint { memo.pages = PageStage.Memo() }
        memo.images = images
        // A multilingual site is one site per language, each with its lists, tags, feeds and menu.
        var languageProblems = DiagnosticBag()
        let languageSites = LanguageSite.make(site, rules: rules, diagnostics: &languageProblems)
        diagnostics.append(contentsOf: languageProblems.diagnostics)
        let feeds = FeedCatalog(siteTitle: site.config.title, sections: site.sections)
        let environment = RenderEnvironment(site: site.config, kinds: site.theme.kinds, sections: site.sectionsByID,
                                            links: site.links, tags: site.tags, siteFeeds: feeds.site,
                                            navigation: site.navigation, text: site.theme.text,
                                            languageParts: LanguageSite.sectionsAndTags(languageSites), images: images,
                                            searchIndex: SiteSearch.isOn(site) ? URLPath(SearchIndex.folder + "/") : nil,
                                            searchPage: SiteSearch.isOn(site) && site.theme.layouts["search"] != nil ? SiteSearch.page : nil)
        let globalKey = globalKey(site, languageSites: languageSites, images: images)
        // `cellar build` in a new process: the cells the last one rendered (``KeptCells``).
        let keptCellsKey = KeptFile.isKept(by: options) ? KeptCells.key : nil
        var cellOutput = try await stage(.renderingCells) {
            var cells = CellStage(registry: registry(site, environment: environment), globalKey: globalKey, policy: memo.policy)
            if keptCellsKey != nil {
                if !options.clean, let keptCellsKey { cells.cellsOnHand = KeptCells.load(cache: layout.cache, key: keptCellsKey) }
                cells.keepsForNextProcess = true
                Trace.mark("kept cells read")
            }
            return await cells.run(model, memo: &memo.cells, diagnostics: &diagnostics)
        }
        // The bodies and cells the next process takes are encoded and written beside the pages
        // (``WriteStage/besidePages``) rather than before them. Only a build past its cells (no
        // error so far) writes them; each body and cell is keyed by what it was made from, so a
        // build that fails later leaves only what its inputs give, and each file is whole or not
        // there (``KeptFile/save(to:produce:)``).
        let items = site.itemsByID
        forNextProcess.bodies = keptBodiesKey.flatMap { key in
            bodiesForNextProcess.map { (entries: $0, inPage: { @Sendable entry in items[entry.id]?.hasPage == true }, key: key) }
        }
        if forNextProcess.bodies == nil { forNextProcess.bodiesInPagesBefore = bodiesInPagesBefore }
        bodiesForNextProcess = nil
        forNextProcess.cells = keptCellsKey.flatMap { key in cellOutput.forNextProcess.map { (list: $0, key: key) } }
        cellOutput.forNextProcess = nil
        // Where each body sits in the pages is known once they are written: told then, to a small file of its own.
        var keepBodies: WriteStage.BodiesAfterPages?
        if keptBodiesKey != nil {
            let cache = layout.cache, placedBefore = bodiesPlacedBefore, inPagesBefore = bodiesInPagesBefore
            keepBodies = (bodiesPlacedBefore, { @Sendable inPages, offsets in
                // The same bodies file, each body where it sat: the places file holds this already.
                // (Compared in place: a dictionary of every placed body's offset made to compare
                // with cost a build that much.)
                if let inPages, inPages.checksum == inPagesBefore?.checksum, offsets.count == placedBefore.count,
                   offsets.allSatisfy({ placedBefore[$0.key]?.offset == $0.value }) { return }
                KeptBodies.savePlaces(inPages, offsets: offsets, html: { items[$0]?.contentHTML }, cache: cache)
                Trace.mark("kept body places saved")
            })
        }
        bodiesPlacedBefore = [:]
        var keep: (@Sendable () -> KeptBodies.InPages?)?
        if !forNextProcess.isEmpty {
            // Handed over, not held: the lists are let go of once written, not at the build's end.
            let kept = Handoff(forNextProcess)
            forNextProcess = KeptForNextProcess()
            let cache = layout.cache
            keep = { @Sendable in kept.take()?.write(cache: cache) }
        }
        // Links written in Markdown are checked once every page is known, before anything is
        // written: a broken one fails the build (`links: {broken: error}`, the default) and leaves
        // the output as it was. `cellar check` (in memory) goes on to check what only the finished
        // pages show, and reports them all together.
        var linkProblems: [Diagnostic] = []
        let pages = try await stage(.assemblingPages) {
            var pages = await PageStage(model: model, cells: cellOutput, dates: environment.dates, feeds: feeds,
                                        remembers: options.writeMode != .staged, languageSites: languageSites).run(memo: &memo.pages)
            // A patched model's pages list the same files as the last build's: published with
            // the same images, they are the same set, kept rather than made again.
            let publicationKey = images.entries.isEmpty ? nil : Optional(images.publicationKey)
            if pages.dirty != nil, let published = memo.pages.published, published.key == publicationKey {
                pages.files = published.files
            } else {
                pages.files = images.publishedFiles(pages.files, keys: memo.imageKeys)
                if options.writeMode != .staged { memo.pages.published = (publicationKey, pages.files) }
            }
            Trace.mark("pages assembled")
            let problems = await PageLinkCheck(model: site, files: pages.files)
                .problems(changed: pages.dirty == nil ? nil : model.changed, memo: &memo.links)
            Trace.mark("page links checked")
            if options.writeMode == .memory { linkProblems = problems } else { diagnostics.append(contentsOf: problems) }
            // Every file's name was needed only for the check: a build that keeps nothing lets go of them.
            if memo.policy == .thisBuildOnly { pages.files = [] }
            return pages
        }
        let summary = try await stage(.renderingAndWriting) { () throws(BuildFailure) in
            try await WriteStage(options: options, layout: layout, reporter: reporter, globalKey: globalKey, languageSites: languageSites,
                                 besidePages: keep, bodiesAfterPages: keepBodies)
                .run(site, pages: pages, cells: cellOutput.cells, environment: environment, changes: changes,
                     memo: &memo.output, diagnostics: &diagnostics)
        }
        Trace.mark("write stage")
        var report = BuildReport(
            items: site.items.count, pages: pages.pages.count + site.items.reduce(0) { $0 + $1.aliases.count },
            written: summary.written, unchanged: summary.unchanged, removed: summary.removed, duration: clock.now - start,
            stageDurations: timings, stageUsage: usage, diagnostics: DiagnosticBag(diagnostics.diagnostics + linkProblems).sorted,
            output: layout.output,
            nextScheduledChange: site.nextScheduledChange
        )
        report.unpublished = site.unpublished
        report.translations = TranslationCoverage.of(site)
        report.pagesRendered = memo.output.rendered
        report.itemsTyped = itemsTyped
        report.bodiesRendered = bodiesRendered
        report.cellsRendered = cellOutput.rendered
        report.imagesProcessed = images.processed
        report.imagesCached = images.cached
        return BuildResult(report: report, model: site, pages: pages.pages, alternates: pages.alternates,
                           languageSites: languageSites, cells: cellOutput.cells, images: images,
                           captured: memo.output.captured, outputTree: memo.output.folders?.output.tree)
    }

    /// The code highlighter when the site wants code in colour, prepared once per session; a
    /// highlighter that could not be set up is said once a build (code is then shown plain).
    private func highlighting(_ config: SiteConfig, memo: inout BuildMemo, diagnostics: inout DiagnosticBag) -> CodeBlockHighlighting? {
        guard config.highlightsCode else { return nil }
        let highlighter = memo.highlighter ?? CodeHighlighter.prepare()
        memo.highlighter = highlighter
        if let problem = highlighter.setupProblem {
            diagnostics.append(.note("code blocks are shown without colours: \(problem)", at: config.locations["markdown"]))
        }
        return CodeBlockHighlighting(highlighter: highlighter,
                                     budget: HighlightBudget(limits: config.highlightLimits, clock: options.highlightClock))
    }

    /// The theme's Mustache cells, with the Swift cells registered in code over them.
    private func registry(_ model: SiteModel, environment: RenderEnvironment) -> CellRegistry {
        var registry = CellRegistry()
        for (kind, template) in model.theme.cells {
            registry.register(MustacheCell(template: template, library: model.theme.library, environment: environment),
                              for: kind, environment: environment)
        }
        for registration in options.kinds.registrations {
            if let cell = registration.cell { registry.register(cell, for: registration.name, environment: environment) }
        }
        return registry
    }

    /// Everything every page depends on: a different key means render everything again.
    private func globalKey(_ model: SiteModel, languageSites: [LanguageSite], images: ImageCatalog) -> UInt64 {
        var hash = StableHash()
        hash.combine(images.fingerprint)
        hash.combine(CellarVersion.current)
        hash.combine(model.theme.fingerprint)
        hash.combine(model.config.sourceHash)
        hash.combine(model.config.url.description)
        for section in model.sections {
            hash.combine(section.id); hash.combine(section.sourceHash); hash.combine(section.introHTML)
            for (code, words) in section.translations.sorted(by: { $0.key < $1.key }) {
                hash.combine(code); hash.combine(words.sourceHash); hash.combine(words.introHTML)
            }
        }
        for (code, words) in model.config.introTranslations.sorted(by: { $0.key < $1.key }) {
            hash.combine(code); hash.combine(words.sourceHash); hash.combine(words.introHTML)
        }
        hash.combine(model.config.introHTML)
        hash.combine(model.tags.fingerprint)
        for entry in model.navigation + languageSites.flatMap(\.model.navigation) {
            hash.combine(entry.title)
            hash.combine(entry.url?.value ?? entry.externalURL ?? "")
        }
        // Each language's tags (cells link them; its tags page lists them).
        for languageSite in languageSites { hash.combine(languageSite.model.tags.fingerprint) }
        hash.combine(options.includeDrafts ? 1 : 0)
        hash.combine(options.includeFuture ? 1 : 0)
        return hash.value
    }
}

