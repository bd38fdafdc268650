import CellarTree
import CellarDiagnostics
import CellarTOML
import CellarYAML

/// Splits a content file into its front matter and its Markdown body.
///
/// YAML front matter is the text between a first line `---` and the next line that is `---` or
/// `...`; TOML front matter (Hugo's) the text between a first line `+++` and the next `+++`.
/// A file that starts with neither has no front matter.
package struct FrontMatterSplitter {
    /// The language of the front matter, told by its fence.
    package enum Format: Sendable, Hashable {
        case yaml, toml

        /// The fence that opens and closes it.
        var fence: String { self == .yaml ? "---" : "+++" }
    }

    package struct Parts: Sendable {
        /// The front matter's text, without its fences (nil: no front matter).
        var frontMatter: String?
        var format: Format
        /// The line of the file on which the front matter starts (2 when the file starts with a fence).
        var frontMatterFirstLine: Int
        package var body: String
        /// The line of the file on which the body starts.
        var bodyFirstLine: Int
    }

    /// The first steps of reading an item or an `_index.md`: the bytes checked and decoded (UTF-8,
    /// BOM, CRLF), split at the front matter, and the front matter parsed as YAML or TOML with every
    /// key's and value's place. `node` is nil when the file has no front matter.
    package static func read(_ bytes: [UInt8], file: String) throws(Diagnostic) -> (parts: Parts, node: LocatedNode?) {
        let text = try SourceText.decode(bytes, file: file)
        let parts = try FrontMatterSplitter().split(text, file: file)
        guard let frontMatter = parts.frontMatter else { return (parts, nil) }
        switch parts.format {
        case .yaml:
            return (parts, try YAMLParser().parse(frontMatter, file: file, firstLine: parts.frontMatterFirstLine))
        case .toml:
            return (parts, try TOMLParser().parse(frontMatter, file: file, firstLine: parts.frontMatterFirstLine))
        }
    }

    /// - Parameter text: the whole file, already UTF-8 checked, CRLF turned into LF, BOM removed.
    func split(_ text: String, file: String) throws(Diagnostic) -> Parts {
        let utf8 = text.utf8
        let newline = UInt8(ascii: "\n")
        let firstEnd = utf8.firstIndex(of: newline) ?? utf8.endIndex
        let firstLine = utf8[utf8.startIndex..<firstEnd]
        let format: Format
        if isFence(firstLine, dash: UInt8(ascii: "-")) {
            format = .yaml
        } else if isFence(firstLine, dash: UInt8(ascii: "+")) {
            format = .toml
        } else {
            return Parts(frontMatter: nil, format: .yaml, frontMatterFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        let start = firstEnd < utf8.endIndex ? utf8.index(after: firstEnd) : utf8.endIndex
        var lineStart = start
        var lineNumber = 2
        var otherFence: (line: Int, text: String)?   // a `---` in TOML front matter or a `+++` in YAML
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: newline) ?? utf8.endIndex
            let line = utf8[lineStart..<lineEnd]
            if closes(line, format) {
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : utf8.endIndex
                return Parts(
                    frontMatter: String(text[start..<lineStart]), format: format, frontMatterFirstLine: 2,
                    body: String(text[bodyStart...]), bodyFirstLine: lineNumber + 1
                )
            }
            if otherFence == nil, closes(line, format == .yaml ? .toml : .yaml) {
                otherFence = (lineNumber, String(decoding: line.prefix(3), as: UTF8.self))
            }
            lineNumber += 1
            lineStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : utf8.endIndex
        }
        let hint = otherFence.map { other in
            "front matter that opens with '\(format.fence)' must close with '\(format.fence)'; line \(other.line) is '\(other.text)'"
        } ?? (format == .yaml ? "end the front matter with a line of three dashes: ---"
            : "end the front matter with a line of three plus signs: +++")
        throw .error("the front matter opened on line 1 is never closed", at: SourceLocation(file: file), hint: hint)
    }

    /// Whether `line` ends front matter in `format`: `---` or `...` for YAML, `+++` for TOML.
    private func closes(_ line: Substring.UTF8View.SubSequence, _ format: Format) -> Bool {
        switch format {
        case .yaml: isFence(line, dash: UInt8(ascii: "-")) || isFence(line, dash: UInt8(ascii: "."))
        case .toml: isFence(line, dash: UInt8(ascii: "+"))
        }
    }

    /// `---` (or `...`, `+++`), ignoring trailing spaces.
    private func isFence(_ line: Substring.UTF8View.SubSequence, dash: UInt8) -> Bool {
        var count = 0
        for byte in line {
            if byte == dash, count < 3 {
                count += 1
            } else if count == 3, byte == 0x20 || byte == 0x09 {
                continue
            } else {
                return false
            }
        }
        return count == 3
    }
}
