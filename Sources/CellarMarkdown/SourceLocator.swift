/// Finds where a piece of text is written in the original Markdown source, within the lines of the block
/// that holds it, for `file:line:column` messages. Each place is handed out once, so repeated text gets
/// the next occurrence.
struct SourceLocator {
    private let source: UnsafeBufferPointer<UInt8>
    private var lines: SourceLines?
    private var claimed: Set<Int> = []

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// 1-based line and column (in characters) of the first unclaimed `needle` within `lines`.
    mutating func locate(_ needle: [UInt8], in range: ClosedRange<Int>) -> (line: Int, column: Int)? {
        guard !needle.isEmpty else { return nil }
        if lines == nil { lines = SourceLines(source) }
        guard let lines, range.lowerBound >= 1, range.lowerBound <= lines.count else { return nil }
        let from = lines.content(range.lowerBound).lowerBound
        let to = lines.content(min(range.upperBound, lines.count)).upperBound
        guard from < to, to - from >= needle.count else { return nil }
        var offset = from
        while offset + needle.count <= to {
            if source[offset] == needle[0], !claimed.contains(offset),
               source[offset..<offset + needle.count].elementsEqual(needle) {
                claimed.insert(offset)
                let line = lines.line(containing: offset)
                return (line, column(of: offset, line: line, lines: lines))
            }
            offset += 1
        }
        return nil
    }

    /// The line and 1-based column of `offset`, or the first character of `line` when nothing is found.
    func column(of offset: Int, line: Int, lines: SourceLines) -> Int {
        let start = lines.content(line).lowerBound
        return String(decoding: source[start..<offset], as: UTF8.self).unicodeScalars.count + 1
    }
}
