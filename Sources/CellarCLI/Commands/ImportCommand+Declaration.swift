import CellarImport

extension ImportCommand {
    static let replace = CommandOption(
        "replace", "Replace DEST when an earlier import wrote it (it holds import-report.json)",
        details: "Replace *DEST* when an earlier import wrote it (it holds *import-report.json*) or it is empty.")
    static let keepFields = CommandOption(
        "keep-fields", "Keep front-matter fields Cellar has no place for, adding them to the kind's schema in DEST's theme",
        details: "Keep the front-matter fields Cellar has no place for: they are added to the kind's schema in "
            + "*DEST/themes/default/kinds/article.yml*, typed from the values seen. Without it they are dropped and counted.")
    static let strict = CommandOption(
        "strict", "Exit 1 if anything could not be imported",
        details: "Exit 1 if anything could not be imported (a problem in the report, or a new site that does not build).")
    static let verbose = CommandOption("verbose", "Print every conversion, drop and file left out, not only the problems")

    static let spec = CommandSpec(
        name: "import",
        summary: "Write a new Cellar site from a Hugo or Jekyll site.",
        positionals: [
            Positional(name: SourceDialect.allCases.map(\.rawValue).joined(separator: "|"), summary: "generator",
                       completion: .words(SourceDialect.allCases.map(\.rawValue))),
            Positional(name: "SRC", summary: "site to import", completion: .folder),
            Positional(name: "DEST", summary: "new site folder", completion: .folder),
        ],
        options: [Self.replace, Self.keepFields, Self.strict, Self.verbose],
        description: """
            Reads the Hugo or Jekyll site in *SRC*, which it never changes, and writes a Cellar site to *DEST* with the \
            default theme. Posts and pages keep their front matter, mapped to Cellar's fields (categories join the \
            tags, a description is the summary, `published: false` is a draft); dates without an offset are read in \
            the source's time zone. Every post keeps the URL the source gave it, through a section permalink, a \
            `slug:`, or an alias that redirects from the old address. Template tags and shortcodes are converted where \
            Cellar has an equivalent and otherwise left in place; static files are copied.

            It prints what it did and every problem at *file:line:column*, writes the full report to \
            *DEST/import-report.json*, and checks the new site as `cellar check` would. An existing *DEST* is refused.
            """)
}
