import CellarTree
import CellarDiagnostics
import CellarYAML

/// Splits a content file into its YAML front matter and its Markdown body.
///
/// Front matter is the text between a first line `---` and the next line that is `---` or `...`.
/// A file without that first line has no front matter.
package struct FrontMatterSplitter {
    package struct Parts: Sendable {
        /// The YAML text, without its fences (nil: no front matter).
        var yaml: String?
        /// The line of the file on which the YAML starts (2 when the file starts with `---`).
        var yamlFirstLine: Int
        package var body: String
        /// The line of the file on which the body starts.
        var bodyFirstLine: Int
    }

    /// The first steps of reading an item or an `_index.md`: the bytes checked and decoded (UTF-8,
    /// BOM, CRLF), split at the front matter, and the front matter parsed as YAML with every key's
    /// and value's place. `node` is nil when the file has no front matter.
    package static func read(_ bytes: [UInt8], file: String) throws(Diagnostic) -> (parts: Parts, node: LocatedNode?) {
        let text = try SourceText.decode(bytes, file: file)
        let parts = try FrontMatterSplitter().split(text, file: file)
        let node = try parts.yaml.flatMap { (yaml) throws(Diagnostic) in
            try YAMLParser().parse(yaml, file: file, firstLine: parts.yamlFirstLine)
        }
        return (parts, node)
    }

    /// - Parameter text: the whole file, already UTF-8 checked, CRLF turned into LF, BOM removed.
    func split(_ text: String, file: String) throws(Diagnostic) -> Parts {
        let utf8 = text.utf8
        let newline = UInt8(ascii: "\n")
        let firstEnd = utf8.firstIndex(of: newline) ?? utf8.endIndex
        let firstLine = utf8[utf8.startIndex..<firstEnd]
        guard isFence(firstLine, dash: UInt8(ascii: "-")) else {
            if isFence(firstLine, dash: UInt8(ascii: "+")) {
                throw .error("TOML front matter ('+++') is not supported", at: SourceLocation(file: file),
                             hint: "write the front matter in YAML between '---' lines")
            }
            return Parts(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        let yamlStart = firstEnd < utf8.endIndex ? utf8.index(after: firstEnd) : utf8.endIndex
        var lineStart = yamlStart
        var lineNumber = 2
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: newline) ?? utf8.endIndex
            let line = utf8[lineStart..<lineEnd]
            if isFence(line, dash: UInt8(ascii: "-")) || isFence(line, dash: UInt8(ascii: ".")) {
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : utf8.endIndex
                return Parts(
                    yaml: String(text[yamlStart..<lineStart]), yamlFirstLine: 2,
                    body: String(text[bodyStart...]), bodyFirstLine: lineNumber + 1
                )
            }
            lineNumber += 1
            lineStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : utf8.endIndex
        }
        throw .error("the front matter opened on line 1 is never closed", at: SourceLocation(file: file),
                     hint: "end the front matter with a line of three dashes: ---")
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
