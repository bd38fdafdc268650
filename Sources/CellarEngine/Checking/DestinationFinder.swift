import CellarMarkdown

/// Finds where a link's destination is written when the Markdown walker could only give the
/// block's start (it does so for `#fragment` links and links to other hosts): the first occurrence
/// of `(destination`, `<destination` or `: destination` from the block's line on that no earlier
/// link claimed.
struct DestinationFinder {
    private let lines: [Substring]
    private var claimed: Set<[Int]> = []

    init(markdown: String) {
        lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// 1-based line and column within the Markdown.
    mutating func place(of reference: MarkdownReference) -> (Int, Int) {
        let destination = reference.destination
        guard destination.hasPrefix("#") || destination.contains("://") || destination.hasPrefix("mailto:"),
              !destination.isEmpty, reference.line >= 1 else { return (reference.line, reference.column) }
        for index in (reference.line - 1)..<min(lines.count, reference.line + 40) {
            let line = lines[index]
            var searchFrom = line.startIndex
            while let found = line[searchFrom...].range(of: destination) {
                searchFrom = found.upperBound
                let before = line[..<found.lowerBound]
                guard before.hasSuffix("(") || before.hasSuffix("<") || before.hasSuffix(": ") else { continue }
                let column = before.unicodeScalars.count + 1
                guard claimed.insert([index + 1, column]).inserted else { continue }
                return (index + 1, column)
            }
        }
        return (reference.line, reference.column)
    }
}
