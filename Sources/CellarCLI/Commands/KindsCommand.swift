import CellarDiagnostics
import CellarAuthoring
import CellarEngine
import Foundation

/// `cellar kinds`: the theme's kinds with their fields; `--json-schema DIR` writes one JSON Schema
/// per kind for editors.
struct KindsCommand: Command {
    var site: String?
    var schemaDirectory: String?

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        site = given.value(SiteOptions.siteOption)
        schemaDirectory = given.value(Self.jsonSchema)
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        let siteDirectory = environment.siteDirectory(site)
        var printer = DiagnosticPrinter(terminal: terminal, site: siteDirectory)
        let catalog: KindCatalog
        do throws(DiagnosticBag) { catalog = try KindCatalog.load(options: environment.options(site: site)) } catch {
            printer.printReport(error)
            return .failure
        }
        guard let schemaDirectory else {
            terminal.out(KindListing(catalog: catalog).text(terminal))
            return .success
        }
        let folder = environment.absolute(schemaDirectory)
        do throws(Diagnostic) {
            let written = try JSONSchemaWriter.write(catalog, to: folder)
            terminal.out(SchemaSetupHelp(catalog: catalog, folder: folder, typed: schemaDirectory, siteRoot: siteDirectory,
                                         count: written.count).text)
            return .success
        } catch {
            printer.printReport(DiagnosticBag([error]))
            return .failure
        }
    }
}
