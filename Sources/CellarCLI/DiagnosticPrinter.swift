import CellarDiagnostics
import CellarEngine
import Foundation

/// Prints diagnostics as compilers do: the location and message, the offending source line with a
/// caret under the column, and the hint.
///
/// Two rules keep what it prints safe to print. A source line is read only from a file inside the
/// site (or inside one of its theme folders, which may live elsewhere): a diagnostic about a
/// symlink that leads out of the site must not print the first line of whatever it leads to. And
/// control characters — from a message, a hint or a source line — are printed spelled out
/// (`\u{1B}`), so content can never drive the terminal.
struct DiagnosticPrinter {
    var terminal: Terminal
    /// Where relative paths in diagnostics start (the working folder).
    var base: String = FileManager.default.currentDirectoryPath
    /// The site folder: source lines are read only from files inside it or its theme folders.
    var site: String?
    private var lines: [String: [Substring]] = [:]
    private var allowedRoots: [String]?

    init(terminal: Terminal, site: String? = nil, base: String? = nil) {
        self.terminal = terminal
        self.site = site
        if let base { self.base = base }
    }

    mutating func print(_ bag: DiagnosticBag) {
        for diagnostic in bag.sorted { print(diagnostic) }
    }

    mutating func print(_ diagnostic: Diagnostic) {
        var text = ""
        if let location = diagnostic.location {
            let shown = SourceLocation(file: Self.printable(location.file), line: location.line, column: location.column)
            text += terminal.styled("\(shown):", .bold) + " "
        }
        let label: String = switch diagnostic.severity {
        case .error: terminal.styled("error:", .red)
        case .warning: terminal.styled("warning:", .yellow)
        case .note: terminal.styled("note:", .cyan)
        }
        text += label + " " + Self.printable(diagnostic.message)
        if let location = diagnostic.location, let line = sourceLine(location) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            // Each scalar shown as it is printed: a tab as one space, a control character spelled out.
            let shownScalars = line.unicodeScalars.map { $0 == "\t" ? " " : Self.printable(String($0)) }
            let caretColumn = shownScalars.prefix(max(location.column - 1, 0)).reduce(0) { $0 + $1.count }
            text += "\n " + terminal.styled(number + " |", .dim) + " " + shownScalars.joined()
            text += "\n " + terminal.styled(gutter + " |", .dim) + " " + String(repeating: " ", count: caretColumn)
                + terminal.styled("^", diagnostic.severity == .error ? .red : .yellow)
        }
        if let hint = diagnostic.hint {
            let indented = hint.split(separator: "\n", omittingEmptySubsequences: false).map { Self.printable(String($0)) }
                .joined(separator: "\n        ")
            text += "\n  " + terminal.styled("hint:", .green) + " " + indented
        }
        terminal.err(text)
    }

    /// `text` with control characters (C0 but tab, DEL, C1) spelled out, as Swift writes them.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.unicodeScalars.map { isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// The text of the diagnostic's line, when the file lies inside the site and can be read and the line exists.
    private mutating func sourceLine(_ location: SourceLocation) -> String? {
        if lines[location.file] == nil {
            let path = location.file.hasPrefix("/") ? location.file : base + "/" + location.file
            guard mayRead(path), let data = FileManager.default.contents(atPath: path), data.count < 8 << 20,
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

    /// Whether `path`, symlinks resolved, is a regular file inside the site folder or one of its
    /// theme folders (the site is the working folder when none was given).
    private mutating func mayRead(_ path: String) -> Bool {
        guard let real = Self.realPath(path) else { return false }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        if allowedRoots == nil {
            let site = Self.realPath(self.site ?? base) ?? (self.site ?? base)
            var roots = [site]
            let themes = site + "/themes"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: themes)) ?? [] {
                if let theme = Self.realPath(themes + "/" + name) { roots.append(theme) }
            }
            allowedRoots = roots
        }
        return allowedRoots?.contains { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? false
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
