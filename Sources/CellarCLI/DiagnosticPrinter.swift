import CellarDiagnostics
import Foundation

/// Prints diagnostics as compilers do: the location and message, the offending source line with a
/// caret under the column, and the hint.
struct DiagnosticPrinter {
    var terminal: Terminal
    /// Where relative paths in diagnostics start (the working folder).
    var base: String = FileManager.default.currentDirectoryPath
    private var lines: [String: [Substring]] = [:]

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    mutating func print(_ bag: DiagnosticBag) {
        for diagnostic in bag.sorted { print(diagnostic) }
    }

    mutating func print(_ diagnostic: Diagnostic) {
        var text = ""
        if let location = diagnostic.location {
            text += terminal.styled("\(location):", .bold) + " "
        }
        let label: String = switch diagnostic.severity {
        case .error: terminal.styled("error:", .red)
        case .warning: terminal.styled("warning:", .yellow)
        case .note: terminal.styled("note:", .cyan)
        }
        text += label + " " + diagnostic.message
        if let location = diagnostic.location, let line = sourceLine(location) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let shown = line.replacingOccurrences(of: "\t", with: " ")
            let caretColumn = min(max(location.column - 1, 0), shown.count)
            text += "\n " + terminal.styled(number + " |", .dim) + " " + shown
            text += "\n " + terminal.styled(gutter + " |", .dim) + " " + String(repeating: " ", count: caretColumn)
                + terminal.styled("^", diagnostic.severity == .error ? .red : .yellow)
        }
        if let hint = diagnostic.hint {
            let indented = hint.replacingOccurrences(of: "\n", with: "\n        ")
            text += "\n  " + terminal.styled("hint:", .green) + " " + indented
        }
        terminal.err(text)
    }

    /// The text of the diagnostic's line, when the file can be read and the line exists.
    private mutating func sourceLine(_ location: SourceLocation) -> String? {
        if lines[location.file] == nil {
            let path = location.file.hasPrefix("/") ? location.file : base + "/" + location.file
            guard let data = FileManager.default.contents(atPath: path), data.count < 8 << 20,
                  let text = String(data: data, encoding: .utf8) else {
                lines[location.file] = []
                return nil
            }
            lines[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let fileLines = lines[location.file], location.line >= 1, location.line <= fileLines.count else { return nil }
        var line = String(fileLines[location.line - 1])
        if line.hasSuffix("\r") { line.removeLast() }
        if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        guard line.count <= 300, !line.contains("\0") else { return nil }
        return line
    }
}
