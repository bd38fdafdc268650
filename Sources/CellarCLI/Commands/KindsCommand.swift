import CellarDiagnostics
import CellarEngine
import Foundation

/// `cellar kinds`: the theme's kinds with their fields; `--json-schema DIR` writes one JSON Schema
/// per kind for editors.
struct KindsCommand: Command {
    static let name = "kinds"
    static let summary = "List the theme's kinds and their fields, or write JSON Schemas for editors."
    static let help = """
        Usage: cellar kinds [--site DIR] [--json-schema DIR]

        Lists each kind of the site's theme with its fields: type ('?' marks an optional field),
        bounds, default and description, then the fields every kind has.

        Options:
          --site DIR          The site folder; default: the current folder
          --json-schema DIR   Write DIR/<kind>.schema.json (JSON Schema draft-07) for each kind, so
                              editors that use the YAML language server can complete and check front matter
        """

    var site: String?
    var schemaDirectory: String?

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try arguments.option("site")
        schemaDirectory = try arguments.option("json-schema")
        try arguments.finish(known: ["site", "json-schema"])
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
