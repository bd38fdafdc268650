import CellarDefaultTheme
import CellarDiagnostics
import CellarEngine
import CellarImport

/// `cellar import hugo|jekyll SRC DEST`: writes a new Cellar site from a Hugo or Jekyll site.
struct ImportCommand: Command {
    var dialect: SourceDialect
    var source: String
    var destination: String
    var replace: Bool
    var keepFields: Bool
    var strict: Bool
    var verbose: Bool

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        replace = given.flag(Self.replace)
        keepFields = given.flag(Self.keepFields)
        strict = given.flag(Self.strict)
        verbose = given.flag(Self.verbose)
        guard let written = arguments.positional() else { throw UsageError("say which generator the site is made with: hugo or jekyll") }
        guard let dialect = SourceDialect(rawValue: written.lowercased()) else {
            throw UsageError("cellar imports sites of hugo or jekyll, not '\(written)'")
        }
        guard let source = arguments.positional(), let destination = arguments.positional() else {
            throw UsageError("name the site to import and the new site's folder: cellar import \(dialect.rawValue) SRC DEST")
        }
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
