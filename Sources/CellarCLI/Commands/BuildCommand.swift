import CellarDiagnostics
import CellarEngine
import Foundation

/// `cellar build`: renders the site into `public/`.
struct BuildCommand: Command {
    static let name = "build"
    static let summary = "Render the site into public/."
    static let help = """
        Usage: cellar build [--site DIR] [--output DIR] [--drafts] [--future] [--base-url URL] [--clean] [--no-wait] [-q|--quiet] [--timings]

        Renders the site into its output folder (public/ by default). Every problem is reported at
        file:line:column; if any is an error, the previous output stays as it was. The new site is
        put together beside the output (in .NAME.cellar-spare) and swapped in at once: the output is
        the old site or the new one at every instant, even if the build is killed.

        Options:
        \(SiteOptions.help)
          --output DIR      Write the site to DIR instead of public/ (not inside content/ or themes/)
          --clean           Trust nothing the cache says: render every page and compare every file byte for byte
          --no-wait         Fail at once if another build of this site is running, instead of waiting for it
          -q, --quiet       Print only problems
          --timings         Print how long each stage took (wall, CPU and the kernel's part of it) and the peak memory after it
        """

    var site: SiteOptions
    var output: String?
    var clean: Bool
    var noWait: Bool
    var quiet: Bool
    var timings: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(parsing: &arguments)
        output = try arguments.option("output")
        clean = arguments.flag("clean")
        noWait = arguments.flag("no-wait")
        quiet = arguments.flag("quiet", short: "q")
        timings = arguments.flag("timings")
        try arguments.finish(known: SiteOptions.names + ["output", "clean", "no-wait", "quiet", "timings"])
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var options = site.buildOptions(in: environment)
        options.outputDirectory = output.map(environment.absolute)
        options.clean = clean
        options.waitForOtherBuilds = !noWait
        if let text = ProcessInfo.processInfo.environment["CELLAR_TEST_FAULT"], let faults = FaultInjection(parsing: text) {
            options.faults = faults
        }
        let progress = BuildProgress(terminal: terminal)
        let builder = SiteBuilder(options: options, reporter: progress)
        var printer = DiagnosticPrinter(terminal: terminal, site: options.siteDirectory)
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
                    let usage = report.stageUsage[stage].map {
                        String(format: "   cpu %7.1f ms   sys %7.1f ms   peak %5d MiB", $0.cpu.milliseconds, $0.system.milliseconds,
                               $0.peakMemory >> 20)
                    } ?? ""
                    terminal.out("  " + stage.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)
                                 + String(format: "%7.1f ms", duration.milliseconds) + usage)
                }
            }
            return .success
        case .failure(let failure):
            printer.printReport(failure.diagnostics, suffix: "; " + SiteLayout(options: options).displayOutput + " is as it was.")
            return .failure
        }
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
