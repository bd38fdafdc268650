import CellarDiagnostics

/// Diagnostics as JSON for editors and CI (`cellar check --format json`): an array with one object
/// per diagnostic, on its own line, keys always in this order:
///
/// ```json
/// [
///   {"file": "content/a.md", "line": 4, "column": 9, "severity": "error", "message": "…", "hint": "…"}
/// ]
/// ```
///
/// `file`, `line` and `column` are null for a problem without a place; `hint` is null when there is none.
package enum DiagnosticJSON {
    package static func encode(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "[]" }
        return "[\n" + diagnostics.map { "  " + object($0).compact }.joined(separator: ",\n") + "\n]"
    }

    static func object(_ diagnostic: Diagnostic) -> JSONValue {
        let location = diagnostic.location
        return .object([
            ("file", location.map { .string($0.file) } ?? .null),
            ("line", location.map { .int($0.line) } ?? .null),
            ("column", location.map { .int($0.column) } ?? .null),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("hint", diagnostic.hint.map(JSONValue.string) ?? .null),
        ])
    }
}
