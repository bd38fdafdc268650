import CellarDiagnostics

/// Renders the pages that may have changed through their layouts and writes them — with feeds, the
/// sitemap, robots.txt, redirects and copied files — in one ``OutputTransaction``.
struct WriteStage {
    struct Memo: Sendable {
        /// What the output folder holds, as this session last wrote it.
        var manifest: OutputManifest?
        /// Output file → fingerprint of what it was rendered from.
        var fingerprints: [String: UInt64] = [:]
        /// The files of the last build kept in memory (``BuildOptions/WriteMode/memory``).
        var captured: CapturedOutput?
    }

    var options: BuildOptions
    var layout: SiteLayout
    var reporter: any BuildReporter
    var globalKey: UInt64

    func run(
        _ model: SiteModel, pages: PageStage.Output, cells: CellCache, environment: RenderEnvironment,
        changes: ChangeSet, memo: inout Memo, diagnostics: inout DiagnosticBag
    ) async throws(BuildFailure) -> OutputWriter.Summary {
        let manifestFile = Paths.join(layout.cache, "output-manifest")
        let plan = self.plan(pages, manifestFile: manifestFile, memo: &memo)
        // Over the last output, only the pages that show a changed item (the plan names none otherwise).
        let dirty: [Int]? = if case .some = plan { pages.dirty } else { nil }
        let changedPaths: Set<String>? = if case .paths(let paths) = changes { paths } else { nil }
        // Taken from the memo rather than copied: a rebuild after one edit updates a few entries.
        var previous: [String: UInt64] = [:]
        swap(&previous, &memo.fingerprints)
        let transaction = OutputTransaction(layout: layout, plan: plan)
        var committing = false
        do throws(BuildFailure) {
            let ((fingerprints, captured), manifest, summary) = try await transaction.run(
                diagnostics: &diagnostics, committing: &committing
            ) { writer, diagnostics in
                let trusted = if case .whole(_, true) = plan { true } else { false }
                let site = SiteWriter(model: model, environment: environment, cells: cells, writer: writer, reporter: reporter,
                                      layout: layout, globalKey: globalKey,
                                      unchangedSources: trusted ? changedPaths.map(UnchangedSources.init) : nil)
                guard let dirty else {
                    let (problems, fingerprints) = await site.writeAll(pages.pages, fingerprints: previous)
                    diagnostics.append(contentsOf: problems.diagnostics)
                    return (fingerprints, writer.captured)
                }
                // Only what shows a changed item, and the files the change set names.
                var (problems, fresh) = await site.write(dirty.map { pages.pages[$0] }, fingerprints: previous)
                // Files copied as they are: only when the change set names one (not just items' own files).
                let copies = (changedPaths ?? []).filter { path in
                    Paths.relative(path, to: layout.content).map { model.itemsByID[$0] == nil } ?? true
                }
                do throws(FileIOError) {
                    if pages.feedsChanged { try site.writeFeeds() }
                    if !copies.isEmpty { try site.copyFiles(onlyFrom: copies) }
                } catch {
                    problems.append(error.diagnostic)
                }
                diagnostics.append(contentsOf: problems.diagnostics)
                return (fresh, writer.captured)
            }
            if dirty != nil {
                for (file, key) in fingerprints { previous[file] = key }
                memo.fingerprints = previous
            } else {
                memo.fingerprints = fingerprints
            }
            memo.captured = captured
            if options.writeMode == .staged {
                try? manifest.save(to: manifestFile)
            }
            memo.manifest = manifest
            return summary
        } catch {
            // An aborted build left the output as it was, and the memo still describes it; after a
            // failed commit, nothing remembered about the output is trusted.
            if committing { memo = Memo() } else { memo.fingerprints = previous }
            throw error
        }
    }

    /// How this build writes: in memory, over the last build's output, or the whole site.
    private func plan(_ pages: PageStage.Output, manifestFile: String, memo: inout Memo) -> OutputTransaction.Plan {
        if options.writeMode == .memory { return .memory }
        if options.clean, memo.manifest == nil { FileIO.removeTree(layout.cache) }
        var previous = memo.manifest
        if previous == nil, !options.clean { previous = OutputManifest.load(from: manifestFile, outputPath: layout.output) }
        if !FileIO.exists(Paths.join(layout.output, OutputWriter.marker)) {
            previous = nil
            memo.fingerprints = [:]
        }
        // The preview server's folder is written by nobody else: what the last build wrote is still there.
        let trusted = options.writeMode == .inPlace && memo.manifest != nil
        if trusted, pages.dirty != nil, let previous { return .some(previous: previous) }
        return .whole(previous: previous, trusted: trusted)
    }
}
