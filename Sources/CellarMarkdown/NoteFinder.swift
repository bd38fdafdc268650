internal import CCmark

/// Finds a GFM footnote definition (`[^label]: text`) starting on a given line of a parse, with the
/// lines it holds: those indented by four columns, blank lines between them, and lazy continuations of
/// its last paragraph. Its body comes out dedented, ready to be parsed on its own.
struct NoteFinder {
    let parsed: ParsedLines

    struct Note {
        var lines: ClosedRange<Int>
        var label: [UInt8]
        /// Byte of the `[` in the parsed text.
        var start: Int
        var chain: ContainerChain
        var body: [AssembledSource.Line]
        /// The paragraph holding the note's last line went on after it.
        var endsInsideParagraph: Bool
    }

    func note(startingOn line: Int) -> Note? {
        let text = parsed.text
        let leaf = parsed.leaf(line)
        if let leaf {
            switch cmark_node_get_type(leaf) {
            case CMARK_NODE_PARAGRAPH: break
            case CMARK_NODE_HEADING: guard parsed.isTextLine(line) else { return nil }
            default: return nil
            }
        }
        let full = ContainerChain(around: leaf ?? parsed.container(line), text: text, lines: parsed.lines)
        let match = full.match(line: line, text: text, lines: parsed.lines)
        guard match.cursor.indent(in: text) <= 3 else { return nil }
        var cursor = match.cursor
        cursor.skipWhitespace(in: text)
        guard let definition = FootnoteLabel.definition(in: text, from: cursor.byte) else { return nil }
        let chain = full.prefix(match.depth)
        let end = parsed.range(line).upperBound

        var first = definition.end
        while first < end, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
        var body = [AssembledSource.Line(bytes: Array(text[first..<end]), origin: parsed.assembly.origin(ofLine: line))]
        var state = BodyState()
        state.update(with: body[0].bytes)
        var last = line
        var blanks: [Int] = []
        var next = line + 1
        while next <= parsed.lines.count, parsed.assembly.place(ofLine: next) != nil {
            let lineMatch = chain.match(line: next, text: text, lines: parsed.lines)
            let fullMatch = lineMatch.depth == chain.containers.count
            var cursor = lineMatch.cursor
            if fullMatch, cursor.isBlank(in: text) {
                blanks.append(next)
            } else if fullMatch, cursor.indent(in: text) >= 4 {
                for blank in blanks { body.append(.init(bytes: [], origin: parsed.assembly.origin(ofLine: blank))) }
                blanks = []
                cursor.advanceColumns(4, in: text)
                let bytes = Self.expandingIndentation(text, from: cursor, to: parsed.range(next).upperBound)
                body.append(.init(bytes: bytes, origin: parsed.assembly.origin(ofLine: next)))
                state.update(with: bytes)
            } else if blanks.isEmpty, state.paragraphOpen, let leaf = parsed.leaf(next), leaf == parsed.leaf(next - 1),
                      cmark_node_get_type(leaf) == CMARK_NODE_PARAGRAPH,
                      !startsNote(next, cursor: cursor) {
                cursor.skipWhitespace(in: text)
                body.append(.init(bytes: Array(text[cursor.byte..<parsed.range(next).upperBound]),
                                  origin: parsed.assembly.origin(ofLine: next)))
            } else {
                break
            }
            if blanks.isEmpty { last = next }
            next += 1
        }
        let after = last + 1
        let continues = parsed.leaf(after) != nil && parsed.leaf(after) == parsed.leaf(last) && !startsNote(after, cursor: nil)
        return Note(lines: line...last, label: Array(text[definition.label]), start: cursor.byte, chain: chain,
                    body: body, endsInsideParagraph: continues)
    }

    private func startsNote(_ line: Int, cursor: LineCursor?) -> Bool {
        var start = cursor?.byte ?? parsed.range(line).lowerBound
        let end = parsed.range(line).upperBound
        while start < end, [0x20, 0x09, UInt8(ascii: ">")].contains(parsed.text[start]) { start += 1 }
        return FootnoteLabel.definition(in: parsed.text, from: start) != nil
    }

    /// The rest of a line with its leading spaces and tabs written as spaces (tab stops measured where
    /// the line really is), so the body keeps its indentation once moved.
    static func expandingIndentation(_ text: [UInt8], from cursor: LineCursor, to end: Int) -> [UInt8] {
        var probe = cursor
        probe.skipWhitespace(in: text)
        let spaces = probe.column - cursor.column
        return [UInt8](repeating: 0x20, count: spaces) + text[probe.byte..<end]
    }

    /// Just enough of a note's block structure to know whether a lazy line may continue it.
    private struct BodyState {
        var paragraphOpen = false
        var fence: (byte: UInt8, length: Int)?

        mutating func update(with line: [UInt8]) {
            var index = 0
            var columns = 0
            while index < line.count, line[index] == 0x20 { index += 1; columns += 1 }
            let rest = line[index...]
            if let open = fence {
                let run = rest.prefix { $0 == open.byte }.count
                if columns <= 3, run >= open.length, rest.dropFirst(run).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    fence = nil
                }
                paragraphOpen = false
                return
            }
            if rest.isEmpty { paragraphOpen = false; return }
            if columns >= 4, !paragraphOpen { return }
            if columns <= 3, let byte = rest.first, byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") {
                let run = rest.prefix { $0 == byte }.count
                if run >= 3, byte == UInt8(ascii: "~") || !rest.dropFirst(run).contains(UInt8(ascii: "`")) {
                    fence = (byte, run)
                    paragraphOpen = false
                    return
                }
            }
            paragraphOpen = true
        }
    }
}
