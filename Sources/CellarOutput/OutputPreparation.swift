import CellarFiles
import CellarDiagnostics

/// Everything a build does before it writes a file: refuses an output it may not replace, removes
/// what interrupted builds left, finds out what the output and its spare hold (from the cache, from
/// the session, or by looking), and marks the spare as being written.
package struct OutputPreparation {
    var layout: SiteLayout
    var plan: OutputTransaction.DiskPlan

    struct Prepared {
        var writer: OutputWriter
        /// Whether the spare was there before this build (else this build made it).
        var spareExisted: Bool
    }

    func prepare() throws(Diagnostic) -> Prepared {
        // A session's private folder was checked by its first build, and nobody else writes there.
        let known = plan.trusted && plan.remembered != nil
        if !known { try OutputPlacement.check(layout) }
        let output = Self.outputFolder(layout.output)
        let found = try OutputPlacement.inspect(output, display: layout.displayOutput)
        let spare = SpareFolder(path: SpareFolder.path(for: output), output: output, faults: plan.faults)
        try MountCheck(table: plan.mounts).check(output: output, spare: spare.path)
        if !known { OutputLeftovers(output: output, cache: plan.cache, step: plan.faults.step).remove() }

        var start = OutputWriter.Start()
        start.trusted = plan.trusted
        start.outputExists = found != .absent
        if found == .cellar, !plan.clean {
            start.output = knownOutput(output)
        }
        if found == .cellar, start.output == nil {
            OutputLeftovers(output: output, cache: plan.cache, step: plan.faults.step).removeTemporaryFiles()
        }
        let spareState = try inspectSpare(spare)
        start.spareExists = spareState != nil
        do throws(FileIOError) {
            if let spareState {
                if !plan.clean, case .finished(let tree) = spareState { start.spare = knownSpare(tree) }
                let partial = plan.partial && start.output != nil && plan.remembered?.delta != nil
                if let manifest = start.spare {
                    // A rebuild after an edit touches only what changed: it needs no list of everything.
                    if !partial { start.spareFiles = Set(manifest.entries.keys) }
                    start.spareFolders = manifest.folders
                    if !plan.trusted { try SpareCheck(spare: spare, manifest: manifest).removeWhatItLacks(&start) }
                } else {
                    SpareCheck.walk(spare, into: &start)
                }
                try spare.markUnfinished()
            } else {
                try spare.create()
            }
        } catch {
            throw Self.spareProblem(error, spare: spare.path)
        }
        start.freeSpace = plan.faults.simulatedFreeSpace ?? FileIO.freeSpace(spare.path)
        if plan.partial, start.output != nil, start.spare != nil, let delta = plan.remembered?.delta {
            start.delta = delta
        }
        let writer = OutputWriter(output: output, spare: spare, start: start, partial: start.delta != nil)
        return Prepared(writer: writer, spareExisted: spareState != nil)
    }

    /// The output folder itself: when `path` is a symlink to a folder, the folder it leads to (the
    /// swap happens there, so the link stays a link).
    package static func outputFolder(_ path: String) -> String {
        guard FileIO.status(path)?.kind == .symlink, FileIO.isDirectory(path), let real = FileIO.realPath(path) else { return path }
        return real
    }

    /// Whether the output is still the tree the last build finished, every file as written (by its
    /// marker and the manifest the cache keeps under it): `cellar build`'s up-to-date shortcut asks.
    package static func outputIsIntact(_ layout: SiteLayout, tree: TreeID) -> Bool {
        let output = outputFolder(layout.output)
        guard OutputMarker.state(of: output) == .finished(tree),
              let manifest = OutputManifest.load(tree, cache: layout.cache, outputPath: layout.output) else { return false }
        // Every file looked at from the open output folder, on every core (a big site has 100,000).
        let entries = Array(manifest.entries)
        let intact = FileIO.withFolder(output) { root in
            concurrentMap(entries, chunk: 4096) { path, entry in
                guard let status = FileIO.status(path, in: root) else { return false }
                return status.size == entry.size && status.modified == entry.modified && status.inode == entry.inode
            }
        }
        return intact?.allSatisfy { $0 } ?? false
    }

    // MARK: - Private

    /// What the output holds: the session's memory, or the manifest the cache keeps under the
    /// output's marker; nil when neither describes it (its files are then compared byte for byte).
    private func knownOutput(_ output: String) -> OutputManifest? {
        guard case .finished(let tree) = OutputMarker.state(of: output) else { return nil }
        if let remembered = plan.remembered?.output, remembered.tree == tree { return remembered }
        guard let cache = plan.cache else { return nil }
        return OutputManifest.load(tree, cache: cache, outputPath: layout.output)
    }

    private func knownSpare(_ tree: TreeID) -> OutputManifest? {
        if let remembered = plan.remembered?.spare, remembered.tree == tree { return remembered }
        guard let cache = plan.cache else { return nil }
        return OutputManifest.load(tree, cache: cache, outputPath: layout.output)
    }

    /// The spare's marker, or nil when there is no spare (an empty folder left by a build stopped
    /// just after making it is removed). Anything else in its place is refused.
    private func inspectSpare(_ spare: SpareFolder) throws(Diagnostic) -> OutputMarker.State? {
        guard let status = FileIO.status(spare.path) else { return nil }
        let shown = SiteLayout.display(folder: spare.path)
        guard status.kind == .directory else {
            throw .error("\(shown) is in the way: Cellar puts the new site together there", hint: "remove it")
        }
        let state = OutputMarker.state(of: spare.path)
        if state != .absent { return state }
        if FileIO.removeEmptyFolder(spare.path) { return nil }
        throw .error("refusing to use \(shown): Cellar puts the new site together there, but this folder is not Cellar's (no \(OutputMarker.name) in it)",
                     hint: "move it away")
    }

    static func spareProblem(_ error: FileIOError, spare: String) -> Diagnostic {
        var diagnostic = error.diagnostic
        if error.code == EACCES || error.code == EPERM || error.code == EROFS {
            diagnostic.hint = "Cellar puts the new site together in \(spare), beside the output folder; "
                + (error.hint ?? "it must be able to write there")
        }
        return diagnostic
    }
}
