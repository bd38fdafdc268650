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
    /// When no input changed since the last build (see ``InputSnapshot``), the output is still as it
    /// was written and no scheduled date has passed, it returns at once with ``BuildReport/upToDate`` set.
    package func build() async throws(BuildFailure) -> BuildReport {
        let start = ContinuousClock.now
        let layout = SiteLayout(options: options)
        let fingerprint = InputSnapshot.fingerprint(layout: layout, options: options)
        if !options.clean, options.writeMode == .staged, options.kinds.isEmpty, let last = InputSnapshot.load(layout),
           last.fingerprint == fingerprint, (last.nextScheduledChange.map { $0 > options.now } ?? true),
           InputSnapshot.outputIsIntact(layout) {
            return BuildReport(items: last.items, pages: last.pages, written: 0, unchanged: 0, removed: 0,
                               duration: ContinuousClock.now - start, stageDurations: [:], diagnostics: last.diagnostics,
                               output: layout.output, nextScheduledChange: last.nextScheduledChange, upToDate: true)
        }
        var memo = BuildMemo()
        let report = try await BuildPipeline(options: options, reporter: reporter).run(.everything, memo: &memo)
        // Files that changed while the build ran make the snapshot stale: take it again and keep the older one.
        if InputSnapshot.fingerprint(layout: layout, options: options) == fingerprint {
            InputSnapshot(fingerprint: fingerprint, items: report.items, pages: report.pages,
                          nextScheduledChange: report.nextScheduledChange, diagnostics: report.diagnostics).save(layout)
        }
        return report
    }
}
