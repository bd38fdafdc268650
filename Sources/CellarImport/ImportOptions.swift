import Foundation

/// What to import, from where, into where.
package struct ImportOptions: Sendable {
    package var dialect: SourceDialect
    /// The source site's folder as the user wrote it (absolute or relative to ``workingDirectory``).
    package var source: String
    /// The new Cellar site's folder; it must not exist unless ``replace`` is set.
    package var destination: String
    package var workingDirectory: String
    /// Replace an existing destination — only one an earlier import wrote (it holds `import-report.json`) or an empty one.
    package var replace: Bool
    /// Keep front-matter fields Cellar has no place for, by adding them to the kind's schema in the
    /// new site's theme, typed from the values seen; otherwise they are dropped and counted.
    package var keepFields: Bool
    /// The theme written into the new site: its folder name and files (`cellar` passes its default theme).
    package var theme: (name: String, files: [String: String])
    /// Whether to check the new site with `cellar check` (in memory) and add what it finds to the report.
    package var check: Bool
    /// "Now", for the check's publishing rules and dates of drafts without one.
    package var now: Date

    package init(dialect: SourceDialect, source: String, destination: String,
                theme: (name: String, files: [String: String]), workingDirectory: String? = nil,
                replace: Bool = false, keepFields: Bool = false, check: Bool = true, now: Date = Date()) {
        self.dialect = dialect
        self.source = source
        self.destination = destination
        self.theme = theme
        self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
        self.replace = replace
        self.keepFields = keepFields
        self.check = check
        self.now = now
    }
}
