import CellarDiagnostics
import CellarMustache

extension MustacheError: DiagnosticConvertible {
    /// The template problem as a Cellar diagnostic, at the template's line and column.
    package var diagnostic: Diagnostic {
        .error(message, at: SourceLocation(file: template, line: max(line, 1), column: max(column, 1)), hint: hint)
    }
}
