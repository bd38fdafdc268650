import CellarDiagnostics
import CellarFiles
import CellarYAML

/// Reads every `kinds/<name>.yml` of a theme (each from the site's `kinds/` when it has one).
struct KindLoader {
    var files: ThemeFiles

    /// The kinds that loaded, and the names of those whose declaration has errors.
    struct Loaded {
        var definitions: [String: KindDefinition] = [:]
        /// Kinds declared with a mistake (reported where it is): items of these kinds are not typed,
        /// and naming one is not an "unknown kind" as well.
        var unusable: Set<String> = []
    }

    /// - Parameter swiftKinds: the Swift kinds the site registers: with them, a theme needs no kinds of its own.
    func load(diagnostics: inout DiagnosticBag, swiftKinds: [String] = []) -> Loaded {
        let displayDirectory = files.display(of: "kinds")
        guard files.hasFolder("kinds") else {
            if !swiftKinds.isEmpty { return Loaded() }
            diagnostics.error("the theme has no kinds folder at \(displayDirectory)/",
                              hint: "each kind is a schema file such as \(displayDirectory)/article.yml")
            return Loaded()
        }
        var loaded = Loaded()
        var seen: Set<String> = []
        let rule = ThemeFileNameRule(accepts: SchemaParser.isValidName, problem: "is not a valid kind name",
                                     hint: "name kinds with letters, digits and '_', starting with a letter")
        for (name, file) in files.yamlFiles(in: "kinds", named: rule, diagnostics: &diagnostics) {
            let display = file.display
            if seen.contains(name) {
                diagnostics.error("kind '\(name)' is defined twice", at: SourceLocation(file: display),
                                  hint: "keep either \(name).yml or \(name).yaml")
                loaded.definitions[name] = nil
                loaded.unusable.insert(name)
                continue
            }
            seen.insert(name)
            let errorsBefore = diagnostics.errorCount
            do throws(Diagnostic) {
                let text = try SourceLoader.text(at: file.path, display: display)
                let node = try YAMLParser().parse(text, file: display)
                let definition = SchemaParser(file: display).parseKind(node, name: name, common: BuiltinSchemas.common,
                                                                       diagnostics: &diagnostics)
                if diagnostics.errorCount == errorsBefore { loaded.definitions[name] = definition } else { loaded.unusable.insert(name) }
            } catch {
                diagnostics.append(error)
                loaded.unusable.insert(name)
            }
        }
        if loaded.definitions.isEmpty, loaded.unusable.isEmpty, swiftKinds.isEmpty, !diagnostics.hasErrors {
            diagnostics.error("the theme defines no kinds in \(displayDirectory)/",
                              hint: "add a schema such as \(displayDirectory)/article.yml")
        }
        return loaded
    }
}
