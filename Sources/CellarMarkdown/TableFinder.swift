internal import CCmark

/// Finds a GFM table whose delimiter row is a given line of a parse, following the extension's rules:
/// the header row is the line before it in the same paragraph with as many cells; body rows follow until
/// a blank line, a line that leaves the table's containers, or a line that opens another block.
struct TableFinder {
    let parsed: ParsedLines
    let footnotes: Bool

    struct Table {
        var lines: ClosedRange<Int>
        var alignments: [TableRow.Alignment]
        /// Rows of cells (the header first), each cell with the line it was written on.
        var rows: [[TableRow.Cell]]
        var chain: ContainerChain
        /// The paragraph went on after the table: what follows must be looked at again on a new parse.
        var endsInsideParagraph: Bool
    }

    func table(delimiterLine delimiter: Int) -> Table? {
        let header = delimiter - 1
        guard header >= 1, parsed.isTextLine(delimiter), parsed.isTextLine(header),
              let paragraph = parsed.leaf(delimiter), parsed.leaf(header) == paragraph else { return nil }
        let text = parsed.text
        let chain = ContainerChain(around: paragraph, text: text, lines: parsed.lines)
        let delimiterMatch = chain.match(line: delimiter, text: text, lines: parsed.lines)
        guard delimiterMatch.depth == chain.containers.count, delimiterMatch.cursor.indent(in: text) <= 3,
              !Self.isSetextUnderline(text[delimiterMatch.cursor.byte..<parsed.range(delimiter).upperBound]),
              let alignments = TableRow.delimiter(text, delimiterMatch.cursor.byte..<parsed.range(delimiter).upperBound)
        else { return nil }
        let headerCells = TableRow.cells(text, contentStart(header, chain: chain)..<parsed.range(header).upperBound)
        guard headerCells.count == alignments.count else { return nil }

        var rows = [headerCells]
        let lastText = parsed.lastTextLine(of: paragraph)
        var line = delimiter + 1
        while line <= lastText {
            let match = chain.match(line: line, text: text, lines: parsed.lines)
            guard match.depth == chain.containers.count, !match.cursor.isBlank(in: text) else { break }
            let content = text[match.cursor.byte..<parsed.range(line).upperBound]
            if BlockStartProbe.opensBlock(content) { break }
            if footnotes, FootnoteLabel.definition(in: text, from: skippingSpaces(match.cursor.byte, line)) != nil { break }
            let cells = TableRow.cells(text, match.cursor.byte..<parsed.range(line).upperBound)
            if cells.isEmpty { break }
            rows.append(cells)
            line += 1
        }
        return Table(lines: header...(line - 1), alignments: alignments, rows: rows, chain: chain,
                     endsInsideParagraph: line <= lastText)
    }

    /// `---` alone: a setext heading's underline, which the parser reads before any extension (as
    /// cmark-gfm does), never a one-column delimiter row.
    static func isSetextUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        var sawHyphen = false
        for byte in line {
            switch byte {
            case UInt8(ascii: "-"): sawHyphen = true
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return false
            }
        }
        return sawHyphen
    }

    /// Where a line's content begins: after its containers, or after its indentation when it is lazy.
    private func contentStart(_ line: Int, chain: ContainerChain) -> Int {
        let match = chain.match(line: line, text: parsed.text, lines: parsed.lines)
        return skippingSpaces(match.cursor.byte, line)
    }

    private func skippingSpaces(_ start: Int, _ line: Int) -> Int {
        var index = start
        let end = parsed.range(line).upperBound
        while index < end, parsed.text[index] == 0x20 || parsed.text[index] == 0x09 { index += 1 }
        return index
    }
}
