import CellarDiagnostics
import Foundation

/// The stages of a build, composed; what they may reuse comes in a ``SessionCache``.
struct BuildPipeline: Sendable {
    var options: BuildOptions
    var reporter: any BuildReporter
    var cells: CellRegistry

    /// Loads, checks, renders and writes the site.
    /// - Throws: ``BuildFailure`` with every diagnostic when any is an error; the output is then untouched.
    func run(cache: inout SessionCache, changed: Set<String>?) async throws(BuildFailure) -> BuildReport {
        if let report = try runCopiesOnly(cache: &cache, changed: changed) { return report }
        if let report = try await runIncremental(cache: &cache, changed: changed) { return report }
        cache.last = nil
        let clock = ContinuousClock()
        let start = clock.now
        var timings: [BuildStage: Duration] = [:]
        var diagnostics = DiagnosticBag()
        let layout = SiteLayout(options: options)
        func stage<T>(_ stage: BuildStage, _ body: () async throws(BuildFailure) -> T) async throws(BuildFailure) -> T {
            reporter.stageStarted(stage)
            let began = clock.now
            let result = try await body()
            timings[stage] = clock.now - began
            reporter.stageFinished(stage, duration: clock.now - began)
            return result
        }
        func failIfErrors() throws(BuildFailure) {
            if diagnostics.hasErrors { throw BuildFailure(diagnostics) }
        }

        let loaded: LoadedSite = try await stage(.load) { () throws(BuildFailure) in
            let loaded: LoadedSite
            if let previous = cache.loaded, let changed, Self.onlyItemsChanged(changed, in: previous) {
                loaded = previous   // settings, theme and the set of files are as they were
                diagnostics.append(contentsOf: cache.loadDiagnostics)
            } else {
                cache.loaded = nil
                let loader = SiteLoader(layout: layout, options: options, swiftCells: Set(cells.kinds))
                var found = DiagnosticBag()
                let fresh = loader.load(diagnostics: &found)
                cache.loadDiagnostics = found.diagnostics
                diagnostics.append(contentsOf: found.diagnostics)
                try failIfErrors()
                guard let fresh else { throw BuildFailure(diagnostics) }
                loaded = fresh
            }
            return loaded
        }
        let model: SiteModel = try await stage(.parse) { () throws(BuildFailure) in
            let rules = PublishRules(includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, now: options.now)
            let model = await ItemLoader(site: loaded, rules: rules, reporter: reporter)
                .load(cache: &cache, changed: changed, diagnostics: &diagnostics)
            try failIfErrors()
            guard let model else { throw BuildFailure(diagnostics) }
            cache.loaded = loaded
            return model
        }
        let feeds = FeedCatalog(siteTitle: model.config.title, sections: model.sections)
        let environment = RenderEnvironment(site: model.config, kinds: model.theme.kinds, sections: model.sectionsByID,
                                            links: model.links, tags: model.tags, siteFeeds: feeds.site)
        let globalKey = globalKey(model)
        if cache.globalKey != globalKey {
            cache.cells = CellCache()
            cache.pages = [:]
            cache.globalKey = globalKey
        }
        let (configurators, cellCache) = try await stage(.cells) { () throws(BuildFailure) in
            let result = await CellRenderer(registry: registry(model: model, environment: environment))
                .render(model.items, cache: &cache, globalKey: globalKey, diagnostics: &diagnostics)
            try failIfErrors()
            return result
        }
        let pages = try await stage(.pages) {
            PageAssembler(model: model, cells: configurators, dates: environment.dates, feeds: feeds).assemble()
        }
        let (written, unchanged, removed) = try await stage(.write) { () throws(BuildFailure) in
            try await write(pages, model: model, environment: environment, cells: cellCache, layout: layout,
                            globalKey: globalKey, changed: changed, cache: &cache, diagnostics: &diagnostics)
        }
        if options.writeMode != .staged { cache.last = LastBuild(model: model, pages: pages, globalKey: globalKey) }
        return BuildReport(
            items: model.items.count, pages: pages.count + model.items.reduce(0) { $0 + $1.aliases.count },
            written: written, unchanged: unchanged, removed: removed, duration: clock.now - start,
            stageDurations: timings, diagnostics: diagnostics.sorted, output: layout.output,
            nextScheduledChange: model.nextScheduledChange
        )
    }

    // MARK: - Private

    /// Whether every changed path is a content file the last build already knew, other than an
    /// `_index.md`: then the settings, the theme and the set of files are unchanged.
    static func onlyItemsChanged(_ changed: Set<String>, in site: LoadedSite) -> Bool {
        for path in changed {
            guard let relative = Paths.relative(path, to: site.layout.content), !relative.isEmpty,
                  Paths.lastComponent(of: relative) != "_index.md", site.scan.files.contains(relative),
                  FileIO.status(path, followLinks: true)?.kind == .file else { return false }
        }
        return true
    }

    func registry(model: SiteModel, environment: RenderEnvironment) -> CellRegistry {
        var registry = CellRegistry()
        for (kind, template) in model.theme.cells {
            registry.register(MustacheCell(kind: kind, template: template, library: model.theme.library, environment: environment))
        }
        registry.merge(cells)
        return registry
    }

    /// Everything every page depends on: a different key means render everything again.
    private func globalKey(_ model: SiteModel) -> UInt64 {
        var hash = StableHash()
        hash.combine(CellarVersion.current)
        hash.combine(model.theme.fingerprint)
        hash.combine(model.config.sourceHash)
        hash.combine(model.config.url.description)
        for section in model.sections { hash.combine(section.id); hash.combine(section.sourceHash); hash.combine(section.introHTML) }
        hash.combine(model.config.introHTML)
        hash.combine(model.tags.fingerprint)
        hash.combine(options.includeDrafts ? 1 : 0)
        hash.combine(options.includeFuture ? 1 : 0)
        return hash.value
    }

    private func write(
        _ pages: [Page], model: SiteModel, environment: RenderEnvironment, cells: CellCache,
        layout: SiteLayout, globalKey: UInt64, changed: Set<String>?, cache: inout SessionCache,
        diagnostics: inout DiagnosticBag
    ) async throws(BuildFailure) -> (Int, Int, Int) {
        if options.writeMode == .memory {
            return await capture(pages, model: model, environment: environment, cells: cells, layout: layout,
                                 globalKey: globalKey, cache: &cache, diagnostics: &diagnostics)
        }
        let displayOutput = layout.displayOutput
        do throws(Diagnostic) {
            try OutputWriter.checkReplaceable(layout.output, display: displayOutput)
        } catch {
            diagnostics.append(error)
            throw BuildFailure(diagnostics)
        }
        let manifestFile = Paths.join(layout.cache, "output-manifest")
        if options.clean, cache.manifest == nil { FileIO.removeTree(layout.cache) }
        var previous = cache.manifest
        if previous == nil, !options.clean { previous = OutputManifest.load(from: manifestFile, outputPath: layout.output) }
        if !FileIO.exists(Paths.join(layout.output, OutputWriter.marker)) {
            previous = nil
            cache.pages = [:]
        }
        // The preview server's folder is written by nobody else: what the last build wrote is still there.
        let trusted = options.writeMode == .inPlace && cache.manifest != nil
        let writer: OutputWriter
        do throws(FileIOError) {
            writer = try OutputWriter.make(output: layout.output, previous: previous, trustOutput: trusted)
        } catch {
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
        let siteWriter = SiteWriter(model: model, environment: environment, cells: cells, writer: writer, reporter: reporter,
                                    layout: layout, globalKey: globalKey,
                                    unchangedSources: trusted ? changed.map { UnchangedSources(changed: $0) } : nil)
        let (problems, fingerprints) = await siteWriter.writeAll(pages, fingerprints: cache.pages)
        diagnostics.append(contentsOf: problems.diagnostics)
        if diagnostics.hasErrors {
            writer.abort()
            cache.pages = [:]
            throw BuildFailure(diagnostics)
        }
        do throws(FileIOError) {
            let (manifest, summary) = try writer.commit()
            if options.writeMode == .staged { try? manifest.save(to: manifestFile) }
            cache.manifest = manifest
            cache.pages = fingerprints
            return (summary.written, summary.unchanged, summary.removed)
        } catch {
            writer.abort()
            cache.pages = [:]
            cache.manifest = nil
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
    }

    /// The write stage of a build in memory: every file rendered as `write` would, kept in
    /// `cache.captured`; the output folder and the cache folder are never touched.
    private func capture(
        _ pages: [Page], model: SiteModel, environment: RenderEnvironment, cells: CellCache,
        layout: SiteLayout, globalKey: UInt64, cache: inout SessionCache, diagnostics: inout DiagnosticBag
    ) async -> (Int, Int, Int) {
        let writer = OutputWriter.inMemory(output: layout.output)
        let siteWriter = SiteWriter(model: model, environment: environment, cells: cells, writer: writer, reporter: reporter,
                                    layout: layout, globalKey: globalKey)
        let (problems, _) = await siteWriter.writeAll(pages, fingerprints: [:])
        diagnostics.append(contentsOf: problems.diagnostics)
        cache.captured = writer.captured
        let written = (try? writer.commit())?.1.written ?? 0
        return (written, 0, 0)
    }
}
