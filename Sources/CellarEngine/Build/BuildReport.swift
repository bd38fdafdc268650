import CellarDiagnostics
import CellarFiles
import Foundation

/// What a successful build did.
public struct BuildReport: Sendable {
    /// Items published (drafts and future items left out unless asked for).
    public var items: Int
    /// HTML pages in the output (lists, items, tags, redirects, 404).
    public var pages: Int
    /// Files written this time (the others were already as they had to be).
    public var written: Int
    /// Files left as they were: their bytes had not changed.
    public var unchanged: Int
    /// Files of the previous output that the site no longer has, removed.
    public var removed: Int
    /// How long the build took.
    public var duration: Duration
    package var stageDurations: [BuildStage: Duration]
    /// CPU time (all threads, user and system) each stage took, and the process's peak memory when it ended.
    package var stageUsage: [BuildStage: StageUsage] = [:]
    /// Warnings and notes (a build with errors throws ``BuildFailure`` instead).
    public var diagnostics: [Diagnostic]
    /// The output folder.
    public var output: String
    /// When a future-dated item becomes due or a published one expires: the site changes then
    /// even if no file does.
    public var nextScheduledChange: Date?
    /// Whether the build stopped early because no input had changed since the last one.
    public var upToDate = false
    /// Pages rendered by this build; the others were kept as the output held them (their inputs
    /// had not changed since the build that wrote them; see ``KeptPages``).
    package var pagesRendered = 0
    /// Item files whose front matter this build parsed and typed; the others were taken as a
    /// session or the last `cellar build` left them (``KeptItems``).
    package var itemsTyped = 0
    /// Markdown bodies rendered by this build; the others were taken as a session or the last
    /// `cellar build` left them (``KeptBodies``).
    package var bodiesRendered = 0
    /// Cells rendered by this build; the others were taken as a session or the last `cellar build`
    /// left them (``KeptCells``).
    package var cellsRendered = 0
    /// Images processed by this build (resized, converted, stripped); the others came from the cache.
    public var imagesProcessed = 0
    /// Images whose variants were already in the cache.
    public var imagesCached = 0
    /// Items the publishing rules left out: drafts, and items dated in the future.
    package var unpublished = SiteModel.Unpublished()
    /// On a multilingual site, how much of it each language but the default has.
    package var translations: [TranslationCoverage] = []
}

/// What a stage cost besides its wall time.
package struct StageUsage: Sendable {
    /// CPU time, user and system.
    package var cpu: Duration
    /// The part of ``cpu`` spent in the kernel (system calls, page faults): on a big site mostly
    /// making and filling the output's files, which is the machine's work more than Cellar's.
    package var system: Duration
    /// The process's peak resident memory so far, in bytes.
    package var peakMemory: Int

    /// CPU time used by the whole process so far, and its peak resident memory.
    static func now() -> StageUsage {
        let usage = SystemCalls.selfUsage()
        func micros(_ time: timeval) -> Int64 { Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_usec) }
        return StageUsage(cpu: .microseconds(micros(usage.ru_utime) + micros(usage.ru_stime)),
                          system: .microseconds(micros(usage.ru_stime)), peakMemory: Int(usage.ru_maxrss) * 1024)
    }

    /// What was used between `earlier` and this reading, added to `before` (a stage run in parts).
    func since(_ earlier: StageUsage, adding before: StageUsage?) -> StageUsage {
        StageUsage(cpu: (before?.cpu ?? .zero) + cpu - earlier.cpu, system: (before?.system ?? .zero) + system - earlier.system,
                   peakMemory: peakMemory)
    }
}

/// A build that stopped because of errors; the output is as it was.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// Every problem found, errors and others, as `cellar` prints them (``DiagnosticBag/sorted``).
    public var diagnostics: DiagnosticBag

    package init(_ diagnostics: DiagnosticBag) {
        self.diagnostics = diagnostics
    }

    /// Every problem, sorted by place, as `cellar` prints them.
    public var description: String { diagnostics.description }
}
