import CellarDiagnostics
import CellarYAML

/// Reads every `kinds/<name>.yml` of a theme.
struct KindLoader {
    var directory: String        // absolute path of the theme's kinds/ folder
    var displayDirectory: String // as shown: themes/default/kinds

    /// - Parameter swiftKinds: the Swift kinds the site registers: with them, a theme needs no kinds of its own.
    func load(diagnostics: inout DiagnosticBag, swiftKinds: [String] = []) -> [String: KindDefinition] {
        guard FileIO.isDirectory(directory) else {
            if !swiftKinds.isEmpty { return [:] }
            diagnostics.error("the theme has no kinds folder at \(displayDirectory)/",
                              hint: "each kind is a schema file such as \(displayDirectory)/article.yml")
            return [:]
        }
        let entries: [(name: String, kind: FileStatus.Kind?)]
        do throws(FileIOError) { entries = try FileIO.list(directory) } catch {
            diagnostics.append(error.diagnostic)
            return [:]
        }
        var kinds: [String: KindDefinition] = [:]
        for entry in entries where entry.name.hasSuffix(".yml") || entry.name.hasSuffix(".yaml") {
            let name = Paths.deletingExtension(entry.name)
            let display = displayDirectory + "/" + entry.name
            guard SchemaParser.isValidName(name) else {
                diagnostics.error("'\(name)' is not a valid kind name", at: SourceLocation(file: display),
                                  hint: "name kinds with letters, digits and '_', starting with a letter")
                continue
            }
            if kinds[name] != nil {
                diagnostics.error("kind '\(name)' is defined twice", at: SourceLocation(file: display),
                                  hint: "keep either \(name).yml or \(name).yaml")
                continue
            }
            do throws(Diagnostic) {
                let text = try SourceLoader.text(at: directory + "/" + entry.name, display: display)
                let node = try YAMLParser().parse(text, file: display)
                kinds[name] = SchemaParser(file: display).parseKind(node, name: name, common: BuiltinSchemas.common,
                                                                    diagnostics: &diagnostics)
            } catch {
                diagnostics.append(error)
            }
        }
        if kinds.isEmpty, swiftKinds.isEmpty, !diagnostics.hasErrors {
            diagnostics.error("the theme defines no kinds in \(displayDirectory)/",
                              hint: "add a schema such as \(displayDirectory)/article.yml")
        }
        return kinds
    }
}
