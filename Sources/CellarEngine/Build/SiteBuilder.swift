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
    /// the last build (see ``InputSnapshot``), the output is still as it was written and no
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
        let fingerprint = InputSnapshot.fingerprint(layout: layout, options: options)
        Trace.mark("input snapshot")
        if !options.clean, options.writeMode == .staged, options.kinds.isEmpty, let last = InputSnapshot.load(layout),
           last.fingerprint == fingerprint, (last.nextScheduledChange.map { $0 > options.now } ?? true),
           OutputPreparation.outputIsIntact(layout, tree: last.output) {
            return BuildReport(items: last.items, pages: last.pages, written: 0, unchanged: 0, removed: 0,
                               duration: ContinuousClock.now - start, stageDurations: [:], diagnostics: last.diagnostics,
                               output: layout.output, nextScheduledChange: last.nextScheduledChange, upToDate: true)
        }
        var memo = BuildMemo(policy: .thisBuildOnly)
        let result = try await BuildPipeline(options: options, reporter: reporter).run(.everything, memo: &memo)
        let report = result.report
        // The fingerprint taken before the build, even when a file changed while it ran: a change
        // moves the file's ctime on, so the next build's fingerprint differs from this one and it
        // builds again. (Walking the inputs a second time to find out cost seconds at 100k items.)
        if options.writeMode == .staged, let tree = result.outputTree {   // the tree this build just swapped in
            options.faults.step()
            InputSnapshot(fingerprint: fingerprint, items: report.items, pages: report.pages, output: tree,
                          nextScheduledChange: report.nextScheduledChange, diagnostics: report.diagnostics).save(layout)
        }
        Trace.mark("snapshot saved")
        BackgroundRelease.release((consume memo, consume result))
        return report
    }

    /// `.cellar-cache/` as printed.
    private static func display(_ folder: String) -> String {
        if let relative = Paths.relative(folder, to: FileIO.currentDirectory()) { return relative.isEmpty ? "" : relative + "/" }
        return folder + "/"
    }
}
