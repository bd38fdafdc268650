/// Finds where a piece of text is written in the original Markdown source, within the lines of the block
/// that holds it, for `file:line:column` messages. Each place is handed out once, so repeated text gets
/// the next occurrence; a search starts from the line libcmark gave the inline (its lines may fall short
/// after a backslash line break, never beyond) and from the last place handed out for the same text, so
/// many references in one long paragraph cost no more than reading it.
struct SourceLocator {
    private let source: UnsafeBufferPointer<UInt8>
    private var lines: SourceLines?
    private var claimed: Set<Int> = []
    private var lastFound: [[UInt8]: Int] = [:]

    /// - Parameter lines: the source's lines, when they were already found.
    init(source: UnsafeBufferPointer<UInt8>, lines: SourceLines? = nil) {
        self.source = source
        self.lines = lines
    }

    /// 1-based line and column (in characters) of the first unclaimed `needle` within `lines`, looking from
    /// line `hint` on first when it is given.
    mutating func locate(_ needle: [UInt8], in range: ClosedRange<Int>, hint: Int? = nil) -> (line: Int, column: Int)? {
        guard !needle.isEmpty else { return nil }
        if lines == nil { lines = SourceLines(source) }
        guard let lines, range.lowerBound >= 1, range.lowerBound <= lines.count else { return nil }
        let from = lines.content(range.lowerBound).lowerBound
        let to = lines.content(min(range.upperBound, lines.count)).upperBound
        guard from < to, to - from >= needle.count else { return nil }
        var starts = [from]
        if let hint, range.contains(hint), hint > range.lowerBound { starts.insert(lines.content(hint).lowerBound, at: 0) }
        if let last = lastFound[needle], last >= from, last < to { starts.insert(last + 1, at: 0) }
        for start in starts {
            var offset = start
            while offset + needle.count <= to {
                if source[offset] == needle[0], !claimed.contains(offset),
                   source[offset..<offset + needle.count].elementsEqual(needle) {
                    claimed.insert(offset)
                    lastFound[needle] = offset
                    let line = lines.line(containing: offset)
                    return (line, column(of: offset, line: line, lines: lines))
                }
                offset += 1
            }
        }
        return nil
    }

    /// The line and 1-based column of `offset`, or the first character of `line` when nothing is found.
    func column(of offset: Int, line: Int, lines: SourceLines) -> Int {
        let start = lines.content(line).lowerBound
        return String(decoding: source[start..<offset], as: UTF8.self).unicodeScalars.count + 1
    }
}
