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
    /// Warnings and notes (a build with errors throws ``BuildFailure`` instead).
    public var diagnostics: [Diagnostic]
    /// The output folder.
    public var output: String
    /// When a future-dated item becomes due or a published one expires: the site changes then
    /// even if no file does.
    public var nextScheduledChange: Date?
    /// Whether the build stopped early because no input had changed since the last one.
    public var upToDate = false
    /// Items the publishing rules left out: drafts, and items dated in the future.
    public var unpublished = SiteModel.Unpublished()
}

/// A build that stopped because of errors; nothing was written.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: DiagnosticBag

    public init(_ diagnostics: DiagnosticBag) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.description }
}
