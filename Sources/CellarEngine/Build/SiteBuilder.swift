import CellarDiagnostics
import CellarFiles
import CellarOutput
import Foundation

/// Builds a site once: the `cellar build` command.
///
/// ```swift
/// let report = try await SiteBuilder(options: BuildOptions(siteDirectory: "mysite")).build()
/// print("Built \(report.pages) pages")
/// ```
package struct SiteBuilder: Sendable {
    package var options: BuildOptions
    package var reporter: any BuildReporter

    package init(options: BuildOptions, reporter: any BuildReporter = SilentReporter()) {
        self.options = options
        self.reporter = reporter
    }

    /// Loads, checks, renders and writes the site.
    /// - Throws: ``BuildFailure`` with every diagnostic when any is an error; the output is then untouched.
    ///
    /// One build of a site runs at a time (see ``BuildLock``): a second waits for the first, or
    /// fails at once when ``BuildOptions/waitForOtherBuilds`` is off. When no input changed since
    /// the last build (see ``InputSnapshot`` and ``LastBuild``), the output is still as it was written and no
    /// scheduled date has passed, it returns at once with ``BuildReport/upToDate`` set.
    package func build() async throws(BuildFailure) -> BuildReport {
        let start = ContinuousClock.now
        let layout = SiteLayout(options: options)
        var lock: BuildLock?
        if options.writeMode == .staged {
            do throws(Diagnostic) {
                try OutputPlacement.check(layout)
                lock = try await BuildLock.acquire(cache: layout.cache, display: Self.display(layout.cache),
                                                   wait: options.waitForOtherBuilds, reporter: reporter)
            } catch {
                throw BuildFailure(DiagnosticBag([error]))
            }
        }
        defer { withExtendedLifetime(lock) {} }
        Trace.mark("lock")
        let inputs = InputSnapshot.take(layout: layout, options: options)
        Trace.mark("input snapshot")
        if !options.clean, options.writeMode == .staged, options.kinds.isEmpty, let last = LastBuild.load(layout),
           inputs.isUnchanged(since: last.inputs), (last.outcome.nextScheduledChange.map { $0 > options.now } ?? true),
           OutputPreparation.outputIsIntact(layout, tree: last.outcome.output) {
            let outcome = last.outcome
            return BuildReport(items: outcome.items, pages: outcome.pages, written: 0, unchanged: 0, removed: 0,
                               duration: ContinuousClock.now - start, stageDurations: [:], diagnostics: outcome.diagnostics,
                               output: layout.output, nextScheduledChange: outcome.nextScheduledChange, upToDate: true)
        }
        // A build in a new process has nothing in memory to reuse: whatever changed, every stage
        // starts afresh (what outlives the process — photos' hashes, the output's manifest — each
        // stage checks itself).
        var memo = BuildMemo(policy: .thisBuildOnly)
        // The snapshot's stored form (17 MB of lines at 100k items) is made beside the build, on
        // whichever core is free, not after it; its entries are let go of once it is made.
        let storedInputs = options.writeMode == .staged ? Self.storedInBackground(consume inputs) : nil
        let result = try await BuildPipeline(options: options, reporter: reporter).run(.everything, memo: &memo)
        let report = result.report
        // The snapshot taken before the build, even when a file changed while it ran: a change
        // moves the file's ctime on, so the next build's snapshot differs from this one and it
        // builds again. (Walking the inputs a second time to find out cost seconds at 100k items.)
        if let storedInputs, let tree = result.outputTree {   // the tree this build just swapped in
            let inputs = await storedInputs.value
            options.faults.step()
            LastBuild(inputs: inputs, outcome: .init(items: report.items, pages: report.pages, output: tree,
                                                     nextScheduledChange: report.nextScheduledChange,
                                                     diagnostics: report.diagnostics)).save(layout)
        }
        Trace.mark("snapshot saved")
        BackgroundRelease.release((consume memo, consume result))
        return report
    }

    /// `inputs` in the form ``LastBuild`` writes (``InputSnapshot/Files/lines(_:count:)``), made on
    /// another task: the snapshot is handed over, so its entries go once their lines are made.
    static func storedInBackground(_ inputs: consuming InputSnapshot) -> Task<InputSnapshot, Never> {
        let handed = Handoff(inputs)
        return Task.detached {
            guard let inputs = handed.take() else { preconditionFailure("the snapshot is taken once") }
            return inputs.stored()
        }
    }

    /// `.cellar-cache/` as printed.
    private static func display(_ folder: String) -> String {
        if let relative = Paths.relative(folder, to: FileIO.currentDirectory()) { return relative.isEmpty ? "" : relative + "/" }
        return folder + "/"
    }
}
