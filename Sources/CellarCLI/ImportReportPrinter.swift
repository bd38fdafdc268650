import CellarDiagnostics
import CellarImport

/// Prints an import's report: the problems (and with `--verbose` every note) as compilers print
/// diagnostics, then the counts, what `cellar check` found and what to do next.
struct ImportReportPrinter {
    var terminal: Terminal
    var verbose: Bool

    func print(_ report: ImportReport, shownDestination: String, printer: inout DiagnosticPrinter) {
        let shown = verbose ? report.notes : report.problems
        for note in shown {
            printer.print(Diagnostic(note.action == .problem ? .warning : .note, Self.label(note) + note.message,
                                     at: note.location, hint: note.hint))
        }
        let hidden = report.notes.count - shown.count
        var lines = ["Imported the \(report.dialect.name) site into \(shownDestination)/:"]
        for count in ImportCount.allCases where report.counts[count, default: 0] > 0 {
            lines.append("  " + String(report.counts[count, default: 0]).leftPadded(6) + "  " + count.label)
        }
        if !report.droppedFields.isEmpty {
            let names = report.droppedFields.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(8)
                .map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            lines.append("  dropped fields: " + names + (report.droppedFields.count > 8 ? ", …" : "")
                         + "; --keep-fields keeps them")
        }
        if !report.outside.isEmpty { lines.append("  links.outside: " + report.outside.joined(separator: ", ")) }
        if let check = report.check {
            lines.append(check.builds
                ? "cellar check: \(check.errors) error\(check.errors == 1 ? "" : "s"), \(check.warnings) warning\(check.warnings == 1 ? "" : "s")"
                : "cellar check: the new site does not build (\(check.errors) error\(check.errors == 1 ? "" : "s"))")
        }
        let problems = report.problems.count
        lines.append("\(problems) problem\(problems == 1 ? "" : "s")" + (hidden > 0 ? ", \(hidden) other notes (--verbose prints them)" : "")
                     + "; the full report is \(shownDestination)/import-report.json")
        lines.append("Next: cd \(shownDestination) && cellar check && cellar build")
        terminal.out(lines.joined(separator: "\n"))
        if let check = report.check, check.errors > 0 {
            printer.printReport(DiagnosticBag(check.diagnostics.filter { $0.severity == .error }), suffix: " in the new site")
        }
    }

    /// `[template] `, the topic of a note, before its message.
    private static func label(_ note: ImportNote) -> String {
        note.action == .problem ? "" : "\(note.action.rawValue) \(note.topic.rawValue): "
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
