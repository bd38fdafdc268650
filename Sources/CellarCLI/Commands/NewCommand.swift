import CellarDiagnostics
import CellarDefaultTheme
import CellarEngine
import Foundation

/// `cellar new site DIR` and `cellar new <kind> <section>/<slug>`: start a site, or an item whose
/// front matter lists every field of its kind.
struct NewCommand: Command {
    static let name = "new"
    static let summary = "Create a site, or a content file with the fields of its kind."
    static let help = """
        Usage: cellar new site DIR [--no-ci]
               cellar new <kind> <section>/<slug> [--title "…"] [--site DIR]

        'new site' creates DIR with a section, a first post and the default theme, ready to build.
        It refuses a folder that is not empty (dotfiles such as .git may be there). It also writes
        .github/workflows/deploy.yml, a GitHub Actions workflow that installs Cellar's Debian package,
        builds the site and publishes it on GitHub Pages on every push to main.

        'new <kind>' writes content/<section>/<slug>.md and prints its path. Required fields get a
        placeholder such as 'rating: <integer from 0 to 10>', which fails the build and 'cellar check'
        until it is filled in; optional fields are listed as comments. Existing files are never replaced.

        Options:
          --no-ci           'new site': leave out .github/workflows/deploy.yml
          --title TEXT      The item's title (else a placeholder)
          --site DIR        The site folder; default: the current folder
        """

    enum Request: Sendable {
        case site(directory: String, deployWorkflow: Bool)
        case item(kind: String, target: String, title: String?, site: String?)
    }

    var request: Request

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let title = try arguments.option("title")
        let site = try arguments.option("site")
        let noCI = arguments.flag("no-ci")
        guard let what = arguments.positional() else {
            throw UsageError("say what to create: 'site DIR', or a kind and <section>/<slug>")
        }
        guard let target = arguments.positional() else {
            throw UsageError(what == "site" ? "name the folder of the new site: cellar new site DIR"
                             : "name the new file: cellar new \(what) <section>/<slug>")
        }
        try arguments.finish(known: what == "site" ? [] : ["title", "site"])
        if what == "site", title != nil || site != nil {
            throw UsageError("'new site' takes only a folder name (and --no-ci)")
        }
        if what != "site", noCI {
            throw UsageError("--no-ci is for 'new site' only")
        }
        request = what == "site" ? .site(directory: target, deployWorkflow: !noCI)
            : .item(kind: what, target: target, title: title, site: site)
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        var printer = DiagnosticPrinter(terminal: terminal)
        switch request {
        case .site(let directory, let deployWorkflow):
            do throws(Diagnostic) {
                let site = try SiteScaffolder(directory: directory, theme: (DefaultTheme.name, DefaultTheme.files),
                                              workingDirectory: environment.workingDirectory, deployWorkflow: deployWorkflow).scaffold()
                terminal.out(NewSiteMessage(site: site, typed: directory).text(terminal))
                return .success
            } catch {
                printer.printReport(DiagnosticBag([error]))
                return .failure
            }
        case .item(let kind, let target, let title, let site):
            let options = environment.options(site: site)
            do throws(DiagnosticBag) {
                let item = try ItemScaffolder(options: options).scaffold(kind: kind, at: target, title: title)
                terminal.out(item.display)
                if item.hasPlaceholders {
                    terminal.err(terminal.styled("Fill in each <…> placeholder; 'cellar check' lists any left.", .dim))
                }
                return .success
            } catch {
                printer.printReport(error)
                return .failure
            }
        }
    }
}
