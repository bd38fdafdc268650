import CellarDiagnostics
import Foundation

/// Builds a site: composes the stages, owns no logic of its own.
///
/// ```swift
/// let report = try await SiteBuilder(options: BuildOptions(siteDirectory: "mysite")).build()
/// print("Built \(report.pages) pages")
/// ```
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var reporter: any BuildReporter
    /// Swift-typed cells, added to (and overriding) the theme's Mustache cells.
    public var cells: CellRegistry

    public init(options: BuildOptions, reporter: any BuildReporter = SilentReporter(), cells: CellRegistry = CellRegistry()) {
        self.options = options
        self.reporter = reporter
        self.cells = cells
    }

    /// Loads, checks, renders and writes the site.
    /// - Throws: ``BuildFailure`` with every diagnostic when any is an error; the output is then untouched.
    public func build() async throws(BuildFailure) -> BuildReport {
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

        let model: SiteModel = try await stage(.load) { () throws(BuildFailure) in
            let loader = SiteLoader(layout: layout, options: options, swiftCells: Set(cells.kinds))
            let loaded = loader.load(diagnostics: &diagnostics)
            try failIfErrors()
            guard let loaded else { throw BuildFailure(diagnostics) }
            let rules = PublishRules(includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, now: options.now)
            let model = await ItemLoader(site: loaded, rules: rules, reporter: reporter).load(diagnostics: &diagnostics)
            try failIfErrors()
            guard let model else { throw BuildFailure(diagnostics) }
            return model
        }
        let feeds = FeedCatalog(siteTitle: model.config.title, sections: model.sections)
        let environment = RenderEnvironment(site: model.config, kinds: model.theme.kinds, sections: model.sectionsByID,
                                            links: model.links, tags: model.tags, siteFeeds: feeds.site)
        let (configurators, cache) = try await stage(.cells) { () throws(BuildFailure) in
            let result = await CellRenderer(registry: registry(model: model, environment: environment))
                .render(model.items, diagnostics: &diagnostics)
            try failIfErrors()
            return result
        }
        let pages = try await stage(.pages) {
            PageAssembler(model: model, cells: configurators, dates: environment.dates, feeds: feeds).assemble()
        }
        let (written, unchanged, removed) = try await stage(.write) { () throws(BuildFailure) in
            try await write(pages, model: model, environment: environment, cache: cache, feeds: feeds, layout: layout,
                      diagnostics: &diagnostics)
        }
        return BuildReport(
            items: model.items.count, pages: pages.count + model.items.reduce(0) { $0 + $1.aliases.count },
            written: written, unchanged: unchanged, removed: removed, duration: clock.now - start,
            stageDurations: timings, diagnostics: diagnostics.sorted, output: layout.output
        )
    }

    // MARK: - Private

    private func registry(model: SiteModel, environment: RenderEnvironment) -> CellRegistry {
        var registry = CellRegistry()
        for (kind, template) in model.theme.cells {
            registry.register(MustacheCell(kind: kind, template: template, library: model.theme.library, environment: environment))
        }
        registry.merge(cells)
        return registry
    }

    private func write(
        _ pages: [Page], model: SiteModel, environment: RenderEnvironment, cache: CellCache, feeds: FeedCatalog,
        layout: SiteLayout, diagnostics: inout DiagnosticBag
    ) async throws(BuildFailure) -> (Int, Int, Int) {
        let displayOutput = layout.displayOutput
        do throws(Diagnostic) {
            try OutputWriter.checkReplaceable(layout.output, display: displayOutput)
        } catch {
            diagnostics.append(error)
            throw BuildFailure(diagnostics)
        }
        let manifestFile = Paths.join(layout.cache, "output-manifest")
        if options.clean { FileIO.removeTree(layout.cache) }
        let previous = options.clean ? nil : OutputManifest.load(from: manifestFile, outputPath: layout.output)
        let writer = OutputWriter(output: layout.output, mode: options.writeMode,
                                  previous: FileIO.exists(Paths.join(layout.output, OutputWriter.marker)) ? previous : nil)
        let renderer = PageRenderer(environment: environment, theme: model.theme, items: model.itemsByID, cells: cache)
        let siteWriter = SiteWriter(model: model, environment: environment, renderer: renderer, feeds: feeds,
                                    writer: writer, reporter: reporter, layout: layout)
        let problems = await siteWriter.write(pages)
        diagnostics.append(contentsOf: problems.diagnostics)
        if diagnostics.hasErrors {
            writer.abort()
            throw BuildFailure(diagnostics)
        }
        do throws(FileIOError) {
            let (manifest, summary) = try writer.commit()
            try? manifest.save(to: manifestFile)
            return (summary.written, summary.unchanged, summary.removed)
        } catch {
            writer.abort()
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
    }
}
