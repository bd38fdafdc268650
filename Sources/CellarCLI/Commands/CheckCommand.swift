import CellarDiagnostics
import CellarEngine

/// `cellar check`: everything a build checks, plus links, anchors, images and alt text, and tags
/// that look like typos — without writing the site.
struct CheckCommand: Command {
    enum Format: String, Sendable, CaseIterable { case text, json }

    var site: SiteOptions
    var format: Format
    var requiredLanguage: String?

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(given)
        format = given.value(Self.formatOption).flatMap(Format.init(rawValue:)) ?? .text
        requiredLanguage = given.value(Self.requireLanguage)
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        let options = site.buildOptions(in: environment)
        let progress = BuildProgress(terminal: terminal)   // stderr, on a terminal only
        var checker = SiteChecker(options: options, reporter: progress)
        checker.requiredLanguages = requiredLanguage.map { [$0] } ?? []
        let report = await progress.run { await checker.check() }
        switch format {
        case .json:
            terminal.out(DiagnosticJSON.encode(report.diagnostics))
        case .text:
            var printer = DiagnosticPrinter(terminal: terminal, site: options.siteDirectory)
            let bag = DiagnosticBag(report.diagnostics)
            printer.printReport(bag, suffix: report.built ? "" : "; the site does not build, so its links were not checked")
            if bag.isEmpty {
                terminal.out("No problems found in \(report.pages) page\(report.pages == 1 ? "" : "s").")
            }
        }
        return report.hasErrors ? .failure : .success
    }
}
