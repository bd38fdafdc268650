import CellarDiagnostics
import Foundation

/// What a successful build did.
public struct BuildReport: Sendable {
    /// Published items.
    public var items: Int
    /// HTML pages in the output (lists, items, tags, redirects, 404).
    public var pages: Int
    /// Files written this time, files left as they were, stale files removed.
    public var written: Int
    public var unchanged: Int
    public var removed: Int
    public var duration: Duration
    public var stageDurations: [BuildStage: Duration]
    /// CPU time (all threads, user and system) each stage took, and the process's peak memory when it ended.
    public var stageUsage: [BuildStage: StageUsage] = [:]
    /// Warnings and notes (a build with errors throws ``BuildFailure`` instead).
    public var diagnostics: [Diagnostic]
    /// The output folder.
    public var output: String
    /// When a future-dated item becomes due or a published one expires: the site changes then
    /// even if no file does.
    public var nextScheduledChange: Date?
    /// Whether the build stopped early because no input had changed since the last one.
    public var upToDate = false
}

/// What a stage cost besides its wall time.
public struct StageUsage: Sendable {
    public var cpu: Duration
    /// The process's peak resident memory so far, in bytes.
    public var peakMemory: Int

    /// CPU time used by the whole process so far, and its peak resident memory.
    static func now() -> StageUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let micros = Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return StageUsage(cpu: .microseconds(micros), peakMemory: Int(usage.ru_maxrss) * 1024)
    }
}

/// A build that stopped because of errors; the output is as it was.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: DiagnosticBag

    public init(_ diagnostics: DiagnosticBag) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.description }
}
