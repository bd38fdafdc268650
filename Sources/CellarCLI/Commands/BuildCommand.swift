import CellarDiagnostics
import CellarEngine
import Foundation

/// `cellar build`: renders the site into `public/`.
struct BuildCommand: Command {
    static let name = "build"
    static let summary = "Render the site into public/."
    static let help = """
        Usage: cellar build [--site DIR] [--output DIR] [--drafts] [--future] [--base-url URL] [--clean] [--quiet]

        Renders the site into its output folder (public/ by default). Every problem is reported at
        file:line:column; if any is an error, nothing is written and the previous output stays as it was.

        Options:
        \(SiteOptions.help)
          --output DIR      Write the site to DIR instead of public/
          --clean           Ignore the previous output and cache: write every file afresh
          --quiet           Print only problems
        """

    var site: SiteOptions
    var output: String?
    var clean: Bool
    var quiet: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(parsing: &arguments)
        output = try arguments.option("output")
        clean = arguments.flag("clean")
        quiet = arguments.flag("quiet")
        try arguments.finish(known: SiteOptions.names + ["output", "clean", "quiet"])
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var options = site.buildOptions(workingDirectory: environment.workingDirectory)
        options.outputDirectory = output
        options.clean = clean
        let progress = BuildProgress(terminal: terminal)
        let builder = SiteBuilder(options: options, reporter: progress)
        var printer = DiagnosticPrinter(terminal: terminal)
        let result: Result<BuildReport, BuildFailure> = await progress.run {
            do throws(BuildFailure) { return .success(try await builder.build()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let report):
            let bag = DiagnosticBag(report.diagnostics)
            printer.print(bag)
            if !bag.isEmpty { terminal.err(bag.summary) }
            if !quiet {
                let seconds = Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18
                let changes = report.written == 0 && report.removed == 0 ? " (nothing changed)"
                    : " (\(report.written) written, \(report.unchanged) unchanged\(report.removed > 0 ? ", \(report.removed) removed" : ""))"
                terminal.out("Built \(report.pages) pages from \(report.items) items in \(String(format: "%.2f", seconds)) s → "
                             + SiteLayout(options: options).displayOutput + changes)
            }
            return .success
        case .failure(let failure):
            printer.print(failure.diagnostics)
            terminal.err(failure.diagnostics.summary + "; nothing was written, "
                         + SiteLayout(options: options).displayOutput + " is as it was.")
            return .failure
        }
    }
}
