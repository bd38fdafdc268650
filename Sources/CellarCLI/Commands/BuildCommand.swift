import CellarDiagnostics
import CellarEngine
import CellarOutput
import Foundation

/// `cellar build`: renders the site into `public/`.
struct BuildCommand: Command {
    var site: SiteOptions
    var output: String?
    var clean: Bool
    var noWait: Bool
    var quiet: Bool
    var timings: Bool
    var trace: Bool
    var verbose: Bool

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(given)
        output = given.value(Self.output)
        clean = given.flag(Self.clean)
        noWait = given.flag(Self.noWait)
        quiet = given.flag(Self.quiet)
        timings = given.flag(Self.timings)
        trace = given.flag(Self.trace)
        verbose = given.flag(Self.verbose)
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var options = site.buildOptions(in: environment)
        options.outputDirectory = output.map(environment.absolute)
        options.clean = clean
        options.waitForOtherBuilds = !noWait
        options.faults = TestFaults.fromEnvironment()
        if trace { Trace.enable() }
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
                terminal.out(BuildSummary.line(report, output: SiteLayout(options: options).displayOutput))
                BuildSummary.translations(report.translations, verbose: verbose).forEach(terminal.out)
            }
            if timings { StageTimings(report: report).lines.forEach(terminal.out) }
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
