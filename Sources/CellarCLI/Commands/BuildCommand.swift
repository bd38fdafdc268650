import CellarDiagnostics
import CellarEngine
import Foundation

/// `cellar build`: renders the site into `public/`.
struct BuildCommand: Command {
    static let name = "build"
    static let summary = "Render the site into public/."
    static let help = """
        Usage: cellar build [--site DIR] [--output DIR] [--drafts] [--future] [--base-url URL] [--clean] [-q|--quiet] [--timings]

        Renders the site into its output folder (public/ by default). Every problem is reported at
        file:line:column; if any is an error, nothing is written and the previous output stays as it was.

        Options:
        \(SiteOptions.help)
          --output DIR      Write the site to DIR instead of public/
          --clean           Ignore the previous output and cache: write every file afresh
          -q, --quiet       Print only problems
          --timings         Print how long each stage took
        """

    var site: SiteOptions
    var output: String?
    var clean: Bool
    var quiet: Bool
    var timings: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(parsing: &arguments)
        output = try arguments.option("output")
        clean = arguments.flag("clean")
        quiet = arguments.flag("quiet", short: "q")
        timings = arguments.flag("timings")
        try arguments.finish(known: SiteOptions.names + ["output", "clean", "quiet", "timings"])
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var options = site.buildOptions(in: environment)
        options.outputDirectory = output.map(environment.absolute)
        options.clean = clean
        let progress = BuildProgress(terminal: terminal)
        let builder = SiteBuilder(options: options, reporter: progress)
        var printer = DiagnosticPrinter(terminal: terminal)
        let result: Result<BuildReport, BuildFailure> = await progress.run {
            do throws(BuildFailure) { return .success(try await builder.build()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let report):
            printer.printReport(DiagnosticBag(report.diagnostics))
            if !quiet {
                let seconds = report.duration.milliseconds / 1000
                let changes = report.upToDate ? " (up to date: no input changed)"
                    : report.written == 0 && report.removed == 0 ? " (nothing changed)"
                    : " (\(report.written) written, \(report.unchanged) unchanged\(report.removed > 0 ? ", \(report.removed) removed" : ""))"
                terminal.out(BuildSummary.line(report, seconds: seconds, output: SiteLayout(options: options).displayOutput,
                                               changes: changes))
            }
            if timings {
                for stage in BuildStage.allCases {
                    guard let duration = report.stageDurations[stage] else { continue }
                    terminal.out("  " + stage.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)
                                 + String(format: "%7.1f ms", duration.milliseconds))
                }
            }
            return .success
        case .failure(let failure):
            printer.printReport(failure.diagnostics,
                                suffix: "; nothing was written, " + SiteLayout(options: options).displayOutput + " is as it was.")
            return .failure
        }
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
