import Foundation

/// The small markup the command declarations are written in, and its three renderings: plain
/// text for `--help`, roff for the man page, Markdown for the manual.
///
/// Paragraphs are separated by a blank line; a paragraph whose lines all start with four spaces
/// is shown as is (an example). Inside a paragraph, `` `word` `` is something typed as is (a
/// command, an option, a value) and `*word*` a path or a placeholder.
struct DocText: Sendable {
    enum Block: Sendable, Equatable {
        case paragraph(String)
        case example([String])
    }

    enum Span: Sendable, Equatable {
        case text(String)
        case literal(String)
        case variable(String)
    }

    var blocks: [Block]

    init(_ markup: String) {
        blocks = markup.components(separatedBy: "\n\n").compactMap { chunk in
            let lines = chunk.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
            if lines.allSatisfy({ $0.hasPrefix("    ") }) {
                return .example(lines.map { String($0.dropFirst(4)) })
            }
            return .paragraph(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
        }
    }

    /// The spans of one paragraph.
    static func spans(_ text: String) -> [Span] {
        var spans: [Span] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "`" || $0 == "*" }) {
            let mark = rest[start]
            let after = rest.index(after: start)
            guard let end = rest[after...].firstIndex(of: mark), end > after else { break }
            if start > rest.startIndex { spans.append(.text(String(rest[..<start]))) }
            let inner = String(rest[after..<end])
            spans.append(mark == "`" ? .literal(inner) : .variable(inner))
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty { spans.append(.text(String(rest))) }
        return spans
    }

    // MARK: - Plain text

    /// For `--help`: literals in single quotes, paragraphs wrapped at `width` and indented.
    func plain(width: Int = 100, indent: String = "") -> String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): Self.wrap(Self.plainInline(text), width: width, indent: indent)
            case .example(let lines): lines.map { indent + "  " + $0 }.joined(separator: "\n")
            }
        }.joined(separator: "\n\n")
    }

    static func plainInline(_ text: String) -> String {
        spans(text).map { span in
            switch span {
            case .text(let text): text
            case .literal(let text): "'\(text)'"
            case .variable(let text): text
            }
        }.joined()
    }

    /// `text` broken into lines of at most `width` characters (a longer word stands alone), each
    /// starting with `indent`; the first with `firstIndent` when given.
    static func wrap(_ text: String, width: Int, indent: String, firstIndent: String? = nil) -> String {
        var lines: [String] = []
        var line = firstIndent ?? indent
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    // MARK: - roff

    /// For the man page: one sentence a line, literals bold, paths and placeholders italic.
    var roff: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text):
                Self.roffInline(text).replacingOccurrences(of: ". ", with: ".\n").split(separator: "\n")
                    .map { Self.roffLine(String($0)) }.joined(separator: "\n")
            case .example(let lines):
                ".RS\n.nf\n" + lines.map { Self.roffLine(Self.roffEscape($0)) }.joined(separator: "\n") + "\n.fi\n.RE"
            }
        }.joined(separator: "\n.PP\n")
    }

    static func roffInline(_ text: String) -> String {
        spans(text).map { span in
            switch span {
            case .text(let text): roffEscape(text)
            case .literal(let text): "\\fB" + roffEscape(text) + "\\fR"
            case .variable(let text): "\\fI" + roffEscape(text) + "\\fR"
            }
        }.joined()
    }

    /// Backslashes and hyphens escaped, as groff wants them in text, and every character outside
    /// ASCII named by its code point (`→` is `\[u2192]`).
    static func roffEscape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where !scalar.isASCII: escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A line that would start with a control character is guarded with `\&`.
    static func roffLine(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    // MARK: - Markdown

    /// For the manual: literals and paths as code, examples as fenced blocks.
    var markdown: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): Self.markdownInline(text)
            case .example(let lines): "```\n" + lines.joined(separator: "\n") + "\n```"
            }
        }.joined(separator: "\n\n")
    }

    static func markdownInline(_ text: String) -> String {
        spans(text).map { span in
            switch span {
            case .text(let text): markdownEscape(text)
            case .literal(let text), .variable(let text): "`" + text + "`"
            }
        }.joined()
    }

    /// Text that Markdown would read as HTML or emphasis, escaped.
    static func markdownEscape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "*", "_", "[", "]", "\\": escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
