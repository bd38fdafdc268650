import CellarDiagnostics
import CellarFiles
import CellarOutput

/// Renders the pages that may have changed through their layouts and writes them — with feeds, the
/// sitemap, robots.txt, redirects and copied files — in one ``OutputTransaction``.
struct WriteStage {
    struct Memo: Sendable {
        /// What this session knows of the output folder and its spare since its last build.
        var folders: OutputTransaction.Remembered?
        /// Output file → fingerprint of what it was rendered from.
        var fingerprints: [String: UInt64] = [:]
        /// The files of the last build kept in memory (``BuildOptions/WriteMode/memory``).
        var captured: CapturedOutput?
        /// Each item's search terms, and the index files the output holds.
        var search = SearchCache()
        /// How many pages the last build rendered (the others were kept as the output held them).
        var rendered = 0
    }

    var options: BuildOptions
    var layout: SiteLayout
    var reporter: any BuildReporter
    var globalKey: UInt64
    /// On a multilingual site, each language's share of it.
    var languageSites: [LanguageSite] = []
    /// Work run on a task of its own while the pages are rendered and written, and finished before
    /// the output is swapped in (what `cellar build` keeps for the next process: ``KeptBodies``,
    /// ``KeptCells``). It starts once the output is prepared, which removes the cache's temporary
    /// files of interrupted writes: a file it is writing then is not taken for one.
    /// It returns what the bodies file (written then, or before) left to the pages.
    var besidePages: (@Sendable () -> KeptBodies.InPages?)?
    /// `cellar build`: where each body sat in the last build's pages, and what writes where each
    /// sits in the pages just written (``KeptBodies/savePlaces(_:offsets:html:cache:)``), once
    /// they and the work beside them are done, before the output is swapped in.
    var bodiesAfterPages: BodiesAfterPages?
    typealias BodiesAfterPages = (placedBefore: [String: KeptBodies.Placement],
                                  write: @Sendable (KeptBodies.InPages?, _ bodyOffsets: [String: Int]) -> Void)

    func run(
        _ model: SiteModel, pages: PageStage.Output, cells: CellCache, environment: RenderEnvironment,
        changes: ChangeSet, memo: inout Memo, diagnostics: inout DiagnosticBag
    ) async throws(BuildFailure) -> OutputWriter.Summary {
        let plan = self.plan(pages, memo: &memo)
        // Over the last output, only the pages that show a changed item (the plan names none otherwise).
        let dirty: [Int]? = if case .disk(let disk) = plan, disk.partial { pages.dirty } else { nil }
        let changedPaths: Set<String>? = if case .paths(let paths) = changes { paths } else { nil }
        let trusted = if case .disk(let disk) = plan { disk.trusted && disk.remembered != nil } else { false }
        // Taken from the memo rather than copied: a rebuild after one edit updates a few entries.
        var previous: [String: UInt64] = [:]
        swap(&previous, &memo.fingerprints)
        // `cellar build` in a new process: the fingerprints the last one kept, for the output tree it left.
        let keptKey = KeptFile.isKept(by: options) ? KeptPages.programKey(output: layout.output) : nil
        let kept = keptKey.flatMap { options.clean ? nil : KeptPages.load(cache: layout.cache, key: $0) }
        Trace.mark("write: kept pages read")
        let transaction = OutputTransaction(layout: layout, plan: plan)
        var remembered = memo.folders
        let searchCache = memo.search
        do throws(OutputTransaction.Aborted) {
            let besidePages = self.besidePages
            // The kept fingerprints are sorted and encoded while the output is committed (its
            // manifest, its folders' times), not after the swap: only the tree's name waits for it.
            let keptRecords = { (fingerprints: [String: UInt64]) -> Task<KeptFile.Writer, Never>? in
                keptKey.map { key in Task.detached { KeptPages.records(fingerprints, key: key) } }
            }
            let outcome = try await transaction.run(diagnostics: &diagnostics, remembered: &remembered) { writer, diagnostics in
                async let besideDone: KeptBodies.InPages? = besidePages?() ?? nil
                var site = SiteWriter(model: model, environment: environment, cells: cells, writer: writer, reporter: reporter,
                                      layout: layout, globalKey: globalKey,
                                      unchangedSources: trusted ? changedPaths.map(UnchangedSources.init) : nil,
                                      languageSites: languageSites, alternates: pages.alternates)
                site.remembersPages = options.writeMode != .staged || keptKey != nil
                site.pagesAreCurrent = pages.dirty == nil
                site.bodiesPlacedBefore = bodiesAfterPages?.placedBefore
                let known = kept.map { $0.fingerprints(for: writer.outputTree) } ?? previous
                if SiteSearch.isOn(model) {
                    site.searches = SiteSearch.indexes(model, environment: environment, cache: searchCache,
                                                       languageSites: site.languageSites,
                                                       keptIn: options.writeMode == .memory ? nil : layout.cache)
                    for number in site.searches.indices { site.searches[number].remembers = options.writeMode != .staged }
                }
                guard let dirty else {
                    let written = await site.writeAll(pages.pages, fingerprints: known)
                    diagnostics.append(contentsOf: written.diagnostics.diagnostics)
                    let inPages = await besideDone
                    bodiesAfterPages?.write(inPages, written.bodyOffsets)
                    return (written.fingerprints, writer.captured, written.rendered, keptRecords(written.fingerprints))
                }
                // Only what shows a changed item, and the files the change set names.
                let written = await site.write(dirty.map { pages.pages[$0] }, fingerprints: known)
                var problems = written.diagnostics
                // Files copied as they are: only when the change set names one (not just items' own files).
                let copies = (changedPaths ?? []).filter { path in
                    Paths.relative(path, to: layout.content).map { model.itemsByID[$0] == nil } ?? true
                }
                do throws(FileIOError) {
                    if pages.feedsChanged { try site.writeFeeds() }
                    try await site.writeSearchIndex(onlyChanged: true)
                    if !copies.isEmpty { try await site.copyFiles(onlyFrom: copies) }
                } catch {
                    problems.append(error.diagnostic)
                }
                diagnostics.append(contentsOf: problems.diagnostics)
                _ = await besideDone
                return (written.fingerprints, writer.captured, written.rendered, keptRecords(written.fingerprints))
            }
            memo.search.finish(committed: true)
            let (fingerprints, captured, rendered, records) = outcome.result
            memo.rendered = rendered
            if let records {
                // Named after the tree just swapped in: should this process die before the file is
                // written, the next finds an older tree's file and renders every page.
                if let tree = outcome.remembered?.output.tree?.fileName {
                    KeptPages.save(await records.value, tree: tree, cache: layout.cache)
                } else {
                    KeptPages.remove(cache: layout.cache)
                }
                Trace.mark("write: kept pages saved")
            }
            if dirty != nil {
                for (file, key) in fingerprints { previous[file] = key }
                memo.fingerprints = previous
            } else {
                memo.fingerprints = fingerprints
            }
            memo.captured = captured
            // What the session knew of the folders before this build (two manifests of every
            // file of the site) is superseded: let go of on another thread, not in the rebuild's time.
            var superseded = outcome.remembered
            swap(&superseded, &memo.folders)
            BackgroundRelease.release((consume superseded, consume remembered))
            if case .disk(let disk) = plan, disk.trusted, let remembered = outcome.remembered, remembered.spare == nil {
                memo.folders = OutputTransaction.makeSpare(for: OutputPreparation.outputFolder(layout.output), remembered,
                                                           faults: options.faults)
            }
            return outcome.summary
        } catch {
            // The output is as it was, and the fingerprints still describe it; the spare may have
            // changed, and what is known of it now is in `remembered`.
            memo.fingerprints = previous
            memo.folders = remembered
            memo.search.finish(committed: false)
            throw BuildFailure(diagnostics)
        }
    }

    /// How this build writes: in memory, or into the spare folder — all of it, or (in a session
    /// that knows both folders) only what shows a changed item.
    private func plan(_ pages: PageStage.Output, memo: inout Memo) -> OutputTransaction.Plan {
        if options.writeMode == .memory { return .memory }
        var disk = OutputTransaction.DiskPlan()
        disk.faults = options.faults
        disk.mounts = options.mounts
        disk.clean = options.clean && memo.folders == nil
        // The preview server's folder is written by nobody else: what the last build left is still there.
        disk.trusted = options.writeMode == .inPlace
        disk.remembered = disk.trusted ? memo.folders : nil
        disk.cache = options.writeMode == .staged ? layout.cache : nil
        if !FileIO.exists(Paths.join(layout.output, OutputMarker.name)) {
            disk.remembered = nil
            memo.fingerprints = [:]
            memo.search = SearchCache()
        }
        disk.partial = disk.trusted && pages.dirty != nil && disk.remembered?.spare != nil
        return .disk(disk)
    }
}
