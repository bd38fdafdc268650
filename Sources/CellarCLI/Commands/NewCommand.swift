import CellarDiagnostics
import CellarDefaultTheme
import CellarAuthoring
import CellarEngine
import Foundation

/// `cellar new site DIR` and `cellar new <kind> <section>/<slug>`: start a site, or an item whose
/// front matter lists every field of its kind.
struct NewCommand: Command {
    enum Request: Sendable {
        case site(directory: String, deployWorkflow: Bool)
        case item(kind: String, target: String, title: String?, site: String?)
    }

    var request: Request

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        let title = given.value(Self.title)
        let site = given.value(Self.site)
        let noCI = given.flag(Self.noCI)
        guard let what = arguments.positional() else {
            throw UsageError("say what to create: 'site DIR', or a kind and <section>/<slug>")
        }
        guard let target = arguments.positional() else {
            throw UsageError(what == "site" ? "name the folder of the new site: cellar new site DIR"
                             : "name the new file: cellar new \(what) <section>/<slug>")
        }
        if what == "site", title != nil || site != nil {
            throw UsageError("'new site' takes only a folder name (and --no-ci)")
        }
        if what != "site", noCI {
            throw UsageError("--no-ci is for 'new site' only")
        }
        request = what == "site" ? .site(directory: target, deployWorkflow: !noCI)
            : .item(kind: what, target: target, title: title, site: site)
    }

    /// `new site` suggests none of the item's options.
    var suggestedOptions: [String] {
        if case .site = request { [] } else { [Self.title.name, Self.site.name] }
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
