import CellarDiagnostics

extension DiagnosticPrinter {
    /// Prints every diagnostic (sorted, without repeats), then the count line (`2 errors, 1 warning`)
    /// with `suffix` after it; nothing when there is nothing to report.
    mutating func printReport(_ diagnostics: DiagnosticBag, suffix: String = "") {
        guard !diagnostics.isEmpty else { return }
        print(diagnostics)
        terminal.err(diagnostics.summary + suffix)
    }
}
