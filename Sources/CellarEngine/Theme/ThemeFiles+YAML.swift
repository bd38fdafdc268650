import CellarDiagnostics
import CellarFiles

/// What a theme folder of YAML declarations (`kinds/`, `shortcodes/`, `i18n/`) accepts as a file name.
struct ThemeFileNameRule {
    /// Whether a name (without `.yml`) is one the folder accepts.
    var accepts: (String) -> Bool
    /// What is said of a name it refuses, after the name: `is not a valid kind name`.
    var problem: String
    var hint: String
}

extension ThemeFiles {
    /// The YAML files directly in `folder` (`x.yml`, `x.yaml`), sorted, each with its name without the extension.
    func yamlFiles(in folder: String) -> [(name: String, file: File)] {
        entries(in: folder).compactMap { fileName, file in
            fileName.hasSuffix(".yml") || fileName.hasSuffix(".yaml") ? (Paths.deletingExtension(fileName), file) : nil
        }
    }

    /// The ``yamlFiles(in:)`` whose names `rule` accepts; each other one is reported at its file.
    func yamlFiles(in folder: String, named rule: ThemeFileNameRule, diagnostics: inout DiagnosticBag) -> [(name: String, file: File)] {
        yamlFiles(in: folder).filter { name, file in
            if rule.accepts(name) { return true }
            diagnostics.error("'\(name)' \(rule.problem)", at: SourceLocation(file: file.display), hint: rule.hint)
            return false
        }
    }
}
