import CellarEngine
#if canImport(Glibc)
import CellarFiles
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the CLI writes, and whether it may use colour and progress lines.
package struct Terminal: Sendable {
    /// Whether stderr is a terminal (progress lines, colour in diagnostics).
    package var isInteractive: Bool
    /// Colour in what goes to stderr.
    var useColor: Bool
    /// Colour in what goes to stdout, which may be redirected while stderr is not (`cellar kinds > f`).
    var useColorOnStdout: Bool
    private let write: @Sendable (String, Bool) -> Void

    /// The process's stdout and stderr; colour only on a terminal and when `NO_COLOR` is not set.
    package static func standard() -> Terminal {
        let interactive = isatty(STDERR_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        return Terminal(isInteractive: interactive, useColor: interactive && !noColor && !dumb,
                        useColorOnStdout: isatty(STDOUT_FILENO) == 1 && !noColor && !dumb) { text, error in
            let data = Array(text.utf8)
            data.withUnsafeBytes { buffer in
                guard let start = buffer.baseAddress else { return }
                _ = SystemCalls.write(error ? STDERR_FILENO : STDOUT_FILENO, start, buffer.count)
            }
        }
    }

    /// A terminal that hands what it would print to `sink` (tests).
    package init(isInteractive: Bool = false, useColor: Bool = false, useColorOnStdout: Bool? = nil,
                sink: @escaping @Sendable (String, Bool) -> Void) {
        self.isInteractive = isInteractive
        self.useColor = useColor
        self.useColorOnStdout = useColorOnStdout ?? useColor
        self.write = sink
    }

    package func out(_ text: String) { write(text + "\n", false) }
    package func err(_ text: String) { write(text + "\n", true) }
    /// Writes without a newline to stderr (progress lines).
    func errRaw(_ text: String) { write(text, true) }

    package enum Style: String, Sendable {
        case bold = "1", red = "1;31", yellow = "1;33", green = "32", cyan = "36", dim = "2"
    }

    /// `text` in `style`, for stderr.
    package func styled(_ text: String, _ style: Style) -> String {
        useColor ? Self.paint(text, style) : text
    }

    /// `text` in `style`, for stdout.
    func styledForStdout(_ text: String, _ style: Style) -> String {
        useColorOnStdout ? Self.paint(text, style) : text
    }

    private static func paint(_ text: String, _ style: Style) -> String {
        "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
