import CellarDefaultTheme
import CellarDiagnostics
import CellarEngine
import CellarImport

/// `cellar import hugo|jekyll SRC DEST`: writes a new Cellar site from a Hugo or Jekyll site.
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Write a new Cellar site from a Hugo or Jekyll site."
    static let help = """
        Usage: cellar import hugo|jekyll SRC DEST [--replace] [--keep-fields] [--strict] [--verbose]

        Reads the Hugo or Jekyll site in SRC, which it never changes, and writes a Cellar site to
        DEST with the default theme: posts and pages with their front matter mapped to Cellar's
        fields, dates in the source's time zone, every post at its old URL (or redirected from it),
        template tags converted where Cellar has an equivalent, static files copied. It prints what
        it did and every problem at file:line:column, writes the full report to
        DEST/import-report.json, and checks the new site as 'cellar check' would.

        Options:
          --replace         Replace DEST when an earlier import wrote it (it holds import-report.json)
          --keep-fields     Keep front-matter fields Cellar has no place for, adding them to the
                            kind's schema in DEST's theme (otherwise they are dropped and counted)
          --strict          Exit 1 if anything could not be imported
          --verbose         Print every conversion, drop and file left out, not only the problems
        """

    var dialect: SourceDialect
    var source: String
    var destination: String
    var replace: Bool
    var keepFields: Bool
    var strict: Bool
    var verbose: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        replace = arguments.flag("replace")
        keepFields = arguments.flag("keep-fields")
        strict = arguments.flag("strict")
        verbose = arguments.flag("verbose")
        guard let written = arguments.positional() else { throw UsageError("say which generator the site is made with: hugo or jekyll") }
        guard let dialect = SourceDialect(rawValue: written.lowercased()) else {
            throw UsageError("cellar imports sites of hugo or jekyll, not '\(written)'")
        }
        guard let source = arguments.positional(), let destination = arguments.positional() else {
            throw UsageError("name the site to import and the new site's folder: cellar import \(dialect.rawValue) SRC DEST")
        }
        try arguments.finish(known: ["replace", "keep-fields", "strict", "verbose"])
        self.dialect = dialect
        self.source = source
        self.destination = destination
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var printer = DiagnosticPrinter(terminal: terminal)
        printer.base = environment.workingDirectory   // the source's lines are shown under its problems
        let options = ImportOptions(dialect: dialect, source: source, destination: destination,
                                    theme: (DefaultTheme.name, DefaultTheme.files), workingDirectory: environment.workingDirectory,
                                    replace: replace, keepFields: keepFields)
        let report: ImportReport
        do throws(Diagnostic) {
            report = try await SiteImporter(options: options).run()
        } catch {
            printer.printReport(DiagnosticBag([error]), suffix: "; nothing was written")
            return .failure
        }
        ImportReportPrinter(terminal: terminal, verbose: verbose).print(report, shownDestination: destination, printer: &printer)
        return strict && report.isIncomplete ? .failure : .success
    }
}
