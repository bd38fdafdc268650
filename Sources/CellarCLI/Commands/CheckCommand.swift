import CellarDiagnostics
import CellarEngine

/// `cellar check`: everything a build checks, plus links, anchors, images and alt text, and tags
/// that look like typos — without writing the site.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Find problems (links, anchors, images, alt text, tag typos) without writing."
    static let help = """
        Usage: cellar check [--site DIR] [--drafts] [--future] [--base-url URL] [--format text|json]

        Runs everything a build checks without touching public/ or the cache, then checks the
        rendered site: links between pages and to anchors (#id) resolve, local images exist, images
        have alt text, and no two tags look like typos of each other (a warning).
        Exits 1 when there is an error, 0 otherwise.

        Options:
        \(SiteOptions.help)
          --format FORMAT   text (default), or json: only a JSON array on stdout, one object per
                            problem with file, line, column, severity, message and hint
        """

    enum Format: String, Sendable { case text, json }

    var site: SiteOptions
    var format: Format

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(parsing: &arguments)
        let written = try arguments.option("format") ?? "text"
        guard let format = Format(rawValue: written) else {
            throw UsageError("--format must be text or json, found '\(written)'")
        }
        self.format = format
        try arguments.finish(known: SiteOptions.names + ["format"])
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        let options = site.buildOptions(in: environment)
        let progress = BuildProgress(terminal: terminal)   // stderr, on a terminal only
        let report = await progress.run { await SiteChecker(options: options, reporter: progress).check() }
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
