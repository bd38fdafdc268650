/// A body being converted: its text as Unicode scalars (columns count scalars, as editors and
/// Cellar's messages do), positions turned into lines and columns, and the replacements to make.
struct BodyText {
    let scalars: [Unicode.Scalar]
    private let lineStarts: [Int]
    private var replacements: [(range: Range<Int>, text: String)] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of a scalar offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The offset of the first `needle` at or after `start`.
    func find(_ needle: String, from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard !pattern.isEmpty, scalars.count >= pattern.count, start <= scalars.count - pattern.count else { return nil }
        var index = start
        while index <= scalars.count - pattern.count {
            if scalars[index] == pattern[0], Array(scalars[index..<index + pattern.count]) == pattern { return index }
            index += 1
        }
        return nil
    }

    func text(_ range: Range<Int>) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[range])
        return result
    }

    /// The spaces and tabs before `offset` on its line, when nothing else precedes it there.
    func indentation(before offset: Int) -> String? {
        let start = lineStarts[position(of: offset).line - 1]
        let prefix = scalars[start..<offset]
        return prefix.allSatisfy { $0 == " " || $0 == "\t" } ? text(start..<offset) : nil
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        replacements.append((range, text))
    }

    /// The text with every replacement made (they never overlap: scanners move past what they replace).
    var result: String {
        var output = ""
        var cursor = 0
        for (range, text) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where range.lowerBound >= cursor {
            output.unicodeScalars.append(contentsOf: scalars[cursor..<range.lowerBound])
            output += text
            cursor = range.upperBound
        }
        output.unicodeScalars.append(contentsOf: scalars[cursor...])
        return output
    }

    var hasReplacements: Bool { !replacements.isEmpty }
}

/// Fenced code blocks made from template tags (`{% highlight %}`, `{{< highlight >}}`).
enum CodeFence {
    /// The code as a fence in the tag's place: on a line of its own, indented as the tag was,
    /// with a fence longer than any run of backticks inside.
    static func make(language: String, code: String, indentation: String?, startsLine: Bool) -> String {
        var body = code
        // "\r\n" is one Character: the first line break goes whole, CRLF or LF alike.
        if body.first?.isNewline == true { body.removeFirst() }
        while let last = body.last, last.isNewline || last == " " || last == "\t" { body.removeLast() }
        var longest = 0, run = 0
        for character in body { run = character == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let indent = indentation ?? ""
        return (startsLine ? "" : "\n\n" + indent) + fence + language + "\n" + body + "\n" + indent + fence
    }
}
