import CellarDiagnostics
import Foundation

extension BuildPipeline {
    /// Rebuilds after edits of files that are only copied — the theme's assets (a stylesheet) and
    /// the static files of `content/` — when no file appeared or went away: copies those files and
    /// nothing else, since no page contains their bytes. A stylesheet saved under `cellar serve`
    /// reaches open pages in milliseconds however large the site.
    /// - Returns: nil when the edit is not of that sort.
    func runCopiesOnly(cache: inout SessionCache, changed: Set<String>?) throws(BuildFailure) -> BuildReport? {
        guard options.writeMode == .inPlace, let changed, !changed.isEmpty, let loaded = cache.loaded,
              let last = cache.last, let manifest = cache.manifest else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        let layout = loaded.layout
        let assetsFolder = Paths.join(loaded.theme.directory, "assets")
        let assets = Set(loaded.theme.assets), staticFiles = Set(loaded.scan.staticFiles)
        var copies: [(source: String, target: String)] = []
        for path in changed {
            guard FileIO.status(path, followLinks: true)?.kind == .file else { return nil }
            if let asset = Paths.relative(path, to: assetsFolder), assets.contains(asset) {
                copies.append((path, asset))
            } else if let file = Paths.relative(path, to: layout.content), staticFiles.contains(file) {
                copies.append((path, file))
            } else {
                return nil
            }
        }
        var diagnostics = DiagnosticBag(cache.reportedDiagnostics)
        if diagnostics.hasErrors { return nil }
        let summary: OutputWriter.Summary
        do throws(FileIOError) {
            let writer = try OutputWriter.make(output: layout.output, previous: manifest, trustOutput: true, partial: true)
            do throws(FileIOError) {
                for copy in copies { try writer.copy(copy.source, to: copy.target) }
                let (newManifest, written) = try writer.commit()
                cache.manifest = newManifest
                summary = written
            } catch {
                writer.abort()
                throw error
            }
        } catch {
            cache.reset()
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
        return BuildReport(
            items: last.model.items.count, pages: last.pages.count + last.model.items.reduce(0) { $0 + $1.aliases.count },
            written: summary.written, unchanged: 0, removed: 0, duration: clock.now - start,
            stageDurations: [.write: clock.now - start],
            diagnostics: diagnostics.sorted, output: layout.output, nextScheduledChange: last.model.nextScheduledChange
        )
    }

    /// Rebuilds after edits that change only the words of published items — not where they appear
    /// or in which order: re-reads those files, re-renders their bodies and cells, and re-renders
    /// only the pages that show them (and the feeds, when they are in one).
    /// - Returns: nil when the edit is not of that sort; the caller then runs the whole pipeline.
    func runIncremental(cache: inout SessionCache, changed: Set<String>?) async throws(BuildFailure) -> BuildReport? {
        guard let changed, !changed.isEmpty, let loaded = cache.loaded, var last = cache.last,
              let manifest = cache.manifest, Self.onlyItemsChanged(changed, in: loaded) else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        let layout = loaded.layout
        var model = last.model
        // Every changed path must be a published item's file.
        var sources: [ItemSource] = []
        for path in changed {
            guard let relative = Paths.relative(path, to: layout.content), model.itemsByID[relative] != nil,
                  let source = loaded.scan.items.first(where: { $0.contentPath == relative }) else { return nil }
            sources.append(source)
        }

        var diagnostics = DiagnosticBag()
        let parser = ItemParser(layout: layout, site: loaded.config, sections: loaded.sections,
                                kinds: loaded.theme.kinds, files: loaded.scan.files)
        let rules = PublishRules(includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, now: options.now)
        var fresh: [(ItemSource, SessionCache.ParsedEntry)] = []
        for source in sources {
            let path = Paths.join(layout.content, source.contentPath)
            var found = DiagnosticBag()
            let status = FileIO.status(path) ?? FileStatus(kind: .file, size: -1, modified: 0, inode: 0)
            var item: Item?
            do throws(Diagnostic) {
                let bytes = try SourceLoader.bytes(at: path, display: layout.display(contentPath: source.contentPath))
                item = parser.parse(source, bytes: bytes, diagnostics: &found)
            } catch {
                found.append(error)
            }
            fresh.append((source, .init(status: status, item: item, diagnostics: found.diagnostics)))
            // Anything that moves the item, or hides it, takes the whole pipeline.
            guard let item, !found.hasErrors, rules.publishes(item),
                  LastBuild.placement(of: item, in: model) == last.placements[item.id] else { return nil }
        }
        for (source, entry) in fresh { cache.parsed[source.contentPath] = entry }

        // Bodies, against the links of the last build (URLs did not change).
        let bodies = BodyRenderer(markdown: .init(options: model.config.markdown), links: model.links)
        let linksKey = model.links.fingerprint
        var changedIDs: [String] = []
        for (source, entry) in fresh {
            guard var item = entry.item else { continue }
            var found = DiagnosticBag()
            let (rendered, dependsOnLinks) = bodies.render(item, diagnostics: &found)
            item = rendered
            cache.keepBody(of: &item, dependsOnLinks: dependsOnLinks, linksKey: linksKey, diagnostics: found.diagnostics)
            model.itemsByID[item.id] = item
            if let index = last.itemIndex[item.id] { model.items[index] = item }
            if var members = model.sectionItems[item.sectionID], let index = members.firstIndex(where: { $0.id == item.id }) {
                members[index] = item
                model.sectionItems[item.sectionID] = members
            }
            changedIDs.append(source.contentPath)
        }
        // Diagnostics are those of the whole site, as a full build would report them.
        diagnostics.append(contentsOf: cache.reportedDiagnostics)
        if diagnostics.hasErrors { throw BuildFailure(diagnostics) }

        let feeds = FeedCatalog(siteTitle: model.config.title, sections: model.sections)
        let environment = RenderEnvironment(site: model.config, kinds: model.theme.kinds, sections: model.sectionsByID,
                                            links: model.links, tags: model.tags, siteFeeds: feeds.site)
        let registry = registry(model: model, environment: environment)
        let cellsStart = clock.now
        for id in changedIDs {
            guard let item = model.itemsByID[id] else { continue }
            do {
                let (html, problem) = CellRenderer.render(try registry.configurator(for: item), file: item.file)
                if let problem { diagnostics.append(problem); continue }
                cache.cells.store(html, fingerprint: CellCache.key(global: last.globalKey, revision: item.revision), for: id)
            } catch let error as DiagnosticConvertible {
                diagnostics.append(error.diagnostic)
            } catch {
                diagnostics.error("cannot prepare the cell of \(item.file): \(error)", at: item.location)
            }
        }
        if diagnostics.hasErrors { throw BuildFailure(diagnostics) }
        let cellsTime = clock.now - cellsStart

        let writeStart = clock.now
        let dirty = Set(changedIDs.flatMap { last.pagesShowing[$0] ?? [] }).sorted().map { last.pages[$0] }
        let writer: OutputWriter
        do throws(FileIOError) {
            writer = try OutputWriter.make(output: layout.output, previous: manifest, trustOutput: true, partial: true)
        } catch {
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
        let siteWriter = SiteWriter(model: model, environment: environment, cells: cache.cells, writer: writer,
                                    reporter: reporter, layout: layout, globalKey: last.globalKey)
        var (problems, fingerprints) = await siteWriter.write(dirty, fingerprints: [:])
        if changedIDs.contains(where: last.feedMembers.contains) {
            do throws(FileIOError) { try siteWriter.writeFeeds() } catch { problems.append(error.diagnostic) }
        }
        diagnostics.append(contentsOf: problems.diagnostics)
        if diagnostics.hasErrors {
            writer.abort()
            throw BuildFailure(diagnostics)
        }
        let summary: OutputWriter.Summary
        do throws(FileIOError) {
            let (newManifest, written) = try writer.commit()
            cache.manifest = newManifest
            summary = written
        } catch {
            writer.abort()
            cache.reset()
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
        for (file, key) in fingerprints { cache.pages[file] = key }
        fingerprints = [:]
        last.model = model
        cache.last = last
        return BuildReport(
            items: model.items.count, pages: last.pages.count + model.items.reduce(0) { $0 + $1.aliases.count },
            written: summary.written, unchanged: 0, removed: 0, duration: clock.now - start,
            stageDurations: [.parse: cellsStart - start, .cells: cellsTime, .write: clock.now - writeStart],
            diagnostics: diagnostics.sorted, output: layout.output, nextScheduledChange: model.nextScheduledChange
        )
    }
}
