import AnnotatedLocking
import CellarDiagnostics
import CellarFiles

/// The one way a build changes its output folder: prepare the spare folder beside it, let the build
/// write into the spare, then commit — swap the two in one atomic step — only when nothing went
/// wrong, or abort, leaving the output as it was. Every build goes through here: `cellar build`,
/// every rebuild of `cellar serve`, copies only, and in memory (`cellar check`).
package struct OutputTransaction {
    /// How the writer starts.
    package enum Plan: Sendable {
        /// Keep every file in memory; touch no folder (`cellar check`).
        case memory
        /// Write into the spare and swap it in.
        case disk(DiskPlan)
    }

    package struct DiskPlan: Sendable {
        /// Nobody else writes the output or its spare (the preview server's private folder): what
        /// this session remembers of them is believed without a look.
        package var trusted = false
        /// Believe nothing the cache says (`--clean`): the output's files are compared byte for byte.
        package var clean = false
        /// Write only the files the build names; the rest of the output stays (needs `remembered`).
        package var partial = false
        /// What this session knows of both folders since its last build.
        package var remembered: Remembered?
        /// Where manifests are kept between processes (nil: `cellar serve` keeps them in memory).
        package var cache: String?
        package var faults: FaultInjection = .none
        /// Where file systems are mounted (a mount inside the output or its spare stops the build).
        package var mounts: MountTable = .system

        package init() {}
    }

    /// What a session knows of the output and its spare after a build.
    package struct Remembered: Sendable {
        package var output: OutputManifest
        package var spare: OutputManifest?
        /// Files where the spare differs from the output.
        package var delta: Set<String>
    }

    package var layout: SiteLayout
    package var plan: Plan

    package init(layout: SiteLayout, plan: Plan) {
        self.layout = layout
        self.plan = plan
    }

    /// The transaction wrote nothing to the output: the problems are in the caller's diagnostics
    /// (the engine throws them as its `BuildFailure`).
    package struct Aborted: Error {}

    /// What a committed transaction leaves.
    package struct Outcome<T> {
        package var result: T
        package var summary: OutputWriter.Summary
        /// What the session knows of the folders now (nil after a build in memory).
        package var remembered: Remembered?
    }

    /// Runs `write` against a writer and commits what it wrote.
    /// - Parameters:
    ///   - diagnostics: what the build found so far; `write` adds to it. Any error aborts.
    ///   - remembered: set to what is known of the folders after an abort (the spare changed).
    ///   - write: writes the files; returns what the caller wants kept (fingerprints, say).
    /// - Throws: ``Aborted`` when there is an error (every diagnostic is in `diagnostics`); the output is then as it was.
    package func run<T>(
        diagnostics: inout DiagnosticBag, remembered: inout Remembered?, _ write: (OutputWriter, inout DiagnosticBag) async -> T
    ) async throws(Aborted) -> Outcome<T> {
        guard case .disk(let disk) = plan else {
            let writer = OutputWriter.inMemory(output: layout.output)
            let result = await write(writer, &diagnostics)
            if diagnostics.hasErrors { throw Aborted() }
            return Outcome(result: result, summary: writer.state.withAnnotatedLock { $0.summary }, remembered: nil)
        }
        let prepared: OutputPreparation.Prepared
        do throws(Diagnostic) {
            prepared = try OutputPreparation(layout: layout, plan: disk).prepare()
        } catch {
            diagnostics.append(error)
            throw Aborted()
        }
        let writer = prepared.writer
        let result = await write(writer, &diagnostics)
        let space = writer.outOfSpace
        if space.happened || diagnostics.hasErrors {
            remembered = abort(writer, prepared: prepared, disk: disk, removeSpare: space.happened)
            if space.happened {
                // One problem, not one per file: the writer stopped writing at the first failure.
                diagnostics.append(space.diagnostic(output: layout.displayOutput, free: writer.start.freeSpace))
            }
            throw Aborted()
        }
        let committed: OutputSwap.Committed
        do throws(FileIOError) {
            committed = try OutputSwap(writer: writer, cache: disk.cache).commit()
            Trace.mark("commit")
        } catch {
            remembered = abort(writer, prepared: prepared, disk: disk, removeSpare: error.isOutOfSpace)
            diagnostics.append(error.isOutOfSpace ? writer.outOfSpace.diagnostic(output: layout.displayOutput,
                                                                                   free: writer.start.freeSpace)
                               : error.diagnostic)
            throw Aborted()
        }
        if let cache = disk.cache {
            OutputManifest.removeAll(except: Set([committed.output.tree, committed.spare?.tree].compactMap { $0 }), cache: cache)
        }
        Trace.mark("old manifests removed")
        return Outcome(result: result, summary: committed.summary,
                       remembered: Remembered(output: committed.output, spare: committed.spare, delta: committed.delta))
    }

    /// Leaves the output as it was. The spare is removed when it was made by this build or the disk
    /// is full (its files would keep it full); else it is sealed as it is now — its manifest
    /// updated with every change this build made — so the next build can use it.
    private func abort(_ writer: OutputWriter, prepared: OutputPreparation.Prepared, disk: DiskPlan,
                       removeSpare: Bool) -> Remembered? {
        let spare = writer.spare
        if removeSpare || !prepared.spareExisted {
            spare.removeAll()
            guard let output = writer.start.output else { return nil }
            return Remembered(output: output, spare: nil, delta: [])
        }
        guard let output = writer.start.output else { return nil }
        guard let before = writer.start.spare else { return Remembered(output: output, spare: nil, delta: []) }
        let (changes, touched) = writer.state.withAnnotatedLock { ($0.spareChanges, $0.touched) }
        var sealed = before
        for (path, entry) in changes { sealed.entries[path] = entry }
        var times: [String: Int64] = [:]
        for folder in writer.currentFolders {
            times[folder] = touched.contains(folder) || before.folders[folder] == nil
                ? FileIO.status(spare.inSpare(folder))?.modified ?? 0 : before.folders[folder]
        }
        sealed.folders = times
        do throws(FileIOError) {
            sealed.tree = try spare.markFinished()
        } catch {
            return Remembered(output: output, spare: nil, delta: [])
        }
        if let cache = disk.cache { try? sealed.save(cache: cache, step: spare.faults.step) }
        let delta = (disk.remembered?.delta ?? []).union(changes.keys)
        return Remembered(output: output, spare: sealed, delta: delta)
    }

    /// Makes a spare beside an output that has none, as hard links to the output's files, so that
    /// the next build changes only what changed. `cellar serve` does this right after its first
    /// build: otherwise the first save would pay for making every folder of the site.
    /// - Returns: what is known of both folders (the spare then too, when it could be made).
    package static func makeSpare(for output: String, _ remembered: Remembered, faults: FaultInjection) -> Remembered {
        let spare = SpareFolder(path: SpareFolder.path(for: output), output: output, faults: faults)
        guard remembered.spare == nil, FileIO.status(spare.path) == nil else { return remembered }
        do throws(FileIOError) {
            try spare.create()
            for folder in remembered.output.folders.keys.sorted(by: { $0.count < $1.count }) { try spare.makeFolder(folder) }
            for path in remembered.output.entries.keys { try spare.linkFromOutput(path) }
            var manifest = remembered.output
            manifest.tree = try spare.markFinished()
            return Remembered(output: remembered.output, spare: manifest, delta: [])
        } catch {
            spare.removeAll()
            return remembered
        }
    }
}
