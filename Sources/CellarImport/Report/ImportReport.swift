import CellarDiagnostics

/// What an import did: counts per category, and every change, drop and problem with its place
/// in the source site. Printed by `cellar import` and written as `DEST/import-report.json`.
package struct ImportReport: Sendable {
    package var dialect: SourceDialect
    /// The source and new site folders, absolute.
    package var source: String
    package var destination: String
    package var counts: [ImportCount: Int] = [:]
    /// Front-matter fields Cellar had no place for, by name, and how many items had each.
    package var droppedFields: [String: Int] = [:]
    /// Fields kept with `--keep-fields`: name → the type added to the kind's schema.
    package var keptFields: [String: String] = [:]
    /// Every note, in the order of the source's files.
    package var notes: [ImportNote] = []
    /// `links.outside` as written into the new site's settings.
    package var outside: [String] = []
    /// What `cellar check` found in the new site (nil when it was not run).
    package var check: CheckSummary?

    /// What `cellar check` said about the imported site.
    package struct CheckSummary: Sendable {
        /// Whether the site builds.
        package var builds: Bool
        package var diagnostics: [Diagnostic]

        package var errors: Int { diagnostics.count { $0.severity == .error } }
        package var warnings: Int { diagnostics.count { $0.severity == .warning } }
    }

    package init(dialect: SourceDialect, source: String, destination: String) {
        self.dialect = dialect
        self.source = source
        self.destination = destination
    }

    /// The notes that say something could not be imported.
    package var problems: [ImportNote] { notes.filter { $0.action == .problem } }

    /// Whether anything could not be imported (`--strict` exits 1 then): a problem note, or a new
    /// site that does not build.
    package var isIncomplete: Bool { !problems.isEmpty || check?.builds == false }

    subscript(_ count: ImportCount) -> Int {
        get { counts[count, default: 0] }
        set { counts[count] = newValue }
    }

    mutating func add(_ note: ImportNote) {
        notes.append(note)
    }
}
