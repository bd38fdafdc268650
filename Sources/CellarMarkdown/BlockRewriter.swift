internal import CCmark

/// Turns what libcmark parsed as paragraphs back into GFM tables and footnote notes: each is replaced,
/// line for line, by an HTML comment that holds its place; its cells and body go to the front of the
/// text (see ``AssembledSource``) to be parsed in the next round.
struct BlockRewriter {
    struct Table {
        var alignments: [TableRow.Alignment]
        /// Cell indexes into ``AssembledSource/cells``, the header row first.
        var rows: [[Int]]
    }

    struct Note {
        var label: [UInt8]
        var key: String
        var region: Int
        /// 1-based line of the `[^label]:` in the original source.
        var origin: Int
    }

    enum Placeholder { case table(Int), note(Int) }

    private(set) var source: AssembledSource
    private(set) var tables: [Table] = []
    private(set) var notes: [Note] = []
    private(set) var placeholders: [AssembledSource.Place: Placeholder] = [:]
    let findsTables: Bool
    let findsNotes: Bool

    init(source: AssembledSource, findsTables: Bool, findsNotes: Bool) {
        self.source = source
        self.findsTables = findsTables
        self.findsNotes = findsNotes
    }

    /// Looks for tables and notes in a parse of `source.assemble()`; true when the source changed and
    /// must be parsed again.
    mutating func rewrite(tree: OpaquePointer, assembly: AssembledSource.Assembly) -> Bool {
        let lines = assembly.lines
        var candidates: [(line: Int, table: Bool)] = []
        for line in 1...max(1, lines.count) where assembly.place(ofLine: line) != nil {
            let range = lines.content(line)
            if findsTables, TableRow.mayBeDelimiter(assembly.text, range) { candidates.append((line, true)) }
            if findsNotes, Self.mayStartNote(assembly.text, range) { candidates.append((line, false)) }
        }
        guard !candidates.isEmpty else { return false }
        let parsed = ParsedLines(tree: tree, assembly: assembly)
        var changed = false
        var coveredThrough = 0
        var unsettled: [OpaquePointer: Int] = [:]   // paragraph → first line to look at again next round
        for candidate in candidates {
            let line = candidate.table ? candidate.line - 1 : candidate.line
            guard line > coveredThrough else { continue }
            if let leaf = parsed.leaf(candidate.line), let from = unsettled[leaf], candidate.line >= from { continue }
            if candidate.table {
                guard let table = TableFinder(parsed: parsed, footnotes: findsNotes).table(delimiterLine: candidate.line)
                else { continue }
                addTable(table, parsed: parsed)
                coveredThrough = table.lines.upperBound
                if table.endsInsideParagraph, let leaf = parsed.leaf(table.lines.upperBound) {
                    unsettled[leaf] = table.lines.upperBound + 1
                }
            } else {
                guard let note = NoteFinder(parsed: parsed).note(startingOn: candidate.line) else { continue }
                addNote(note, parsed: parsed)
                coveredThrough = note.lines.upperBound
                if note.endsInsideParagraph, let leaf = parsed.leaf(note.lines.upperBound) {
                    unsettled[leaf] = note.lines.upperBound + 1
                }
            }
            changed = true
        }
        return changed
    }

    // MARK: - Private

    private mutating func addTable(_ found: TableFinder.Table, parsed: ParsedLines) {
        var rows: [[Int]] = []
        for (offset, cells) in found.rows.enumerated() {
            let line = found.lines.lowerBound + (offset == 0 ? 0 : offset + 1)
            let origin = parsed.assembly.origin(ofLine: line)
            rows.append(cells.map { source.addCell($0.text, origin: origin) })
        }
        tables.append(Table(alignments: found.alignments, rows: rows))
        holdPlace(found.lines, chain: found.chain, firstKeep: nil, parsed: parsed, as: .table(tables.count - 1))
    }

    private mutating func addNote(_ found: NoteFinder.Note, parsed: ParsedLines) {
        let region = source.addBody(found.body)
        notes.append(Note(label: found.label, key: FootnoteLabel.key(found.label), region: region,
                          origin: parsed.assembly.origin(ofLine: found.lines.lowerBound)))
        holdPlace(found.lines, chain: found.chain, firstKeep: found.start, parsed: parsed, as: .note(notes.count - 1))
    }

    /// Replaces the lines by an HTML comment block inside the same containers.
    private mutating func holdPlace(_ range: ClosedRange<Int>, chain: ContainerChain, firstKeep: Int?,
                                    parsed: ParsedLines, as placeholder: Placeholder) {
        let text = parsed.text
        for line in range {
            guard let place = parsed.assembly.place(ofLine: line) else { continue }
            let lineRange = parsed.range(line)
            let added = parsed.assembly.prefixLengths[line]
            var kept: [UInt8]
            if line == range.lowerBound, let firstKeep {
                kept = Array(text[lineRange.lowerBound..<firstKeep].dropFirst(added))
            } else {
                let match = chain.match(line: line, text: text, lines: parsed.lines)
                if match.depth == chain.containers.count {
                    let end = min(lineRange.upperBound, match.cursor.byte + (match.cursor.isInsideTab ? 1 : 0))
                    kept = Array(text[lineRange.lowerBound..<end].dropFirst(added))
                } else {
                    kept = Array(chain.continuationPrefix.dropFirst(place.region == 0 ? 0 : 2))
                }
            }
            if line == range.lowerBound { kept += Array("<!--".utf8) }
            if line == range.upperBound { kept += Array((range.count == 1 ? " -->" : "-->").utf8) }
            source.replace(place, with: kept)
        }
        if let first = parsed.assembly.place(ofLine: range.lowerBound) {
            placeholders[first] = placeholder
        }
    }

    /// Whether any line of `text` could be a delimiter row or start a note: if none can, a pipe or `[^`
    /// elsewhere needs no second look and the body is parsed once, as plain CommonMark would be.
    static func mayFind(tables: Bool, notes: Bool, in text: [UInt8], lines: SourceLines) -> Bool {
        for line in 1...max(1, lines.count) {
            let range = lines.content(line)
            if tables, TableRow.mayBeDelimiter(text, range) { return true }
            if notes, mayStartNote(text, range) { return true }
        }
        return false
    }

    /// A cheap test for `[^label]:` anywhere on the line.
    private static func mayStartNote(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index + 4 < range.upperBound {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^"),
               FootnoteLabel.definition(in: bytes, from: index) != nil {
                return true
            }
            index += 1
        }
        return false
    }
}
