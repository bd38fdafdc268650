internal import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds shortcode calls (`{{< name args >}}`, `{{< /name >}}`) in a Markdown source where they
/// are text — in paragraphs and headings, outside code spans — never in code blocks, raw HTML
/// blocks or code spans, which libcmark's own parse of the source tells apart. Each call is
/// replaced by a marker of private-use characters as long as the call (in characters, line for
/// line, so every other place in the source keeps its line and column), which Markdown leaves
/// alone; ``ShortcodeMarkers`` puts the shortcodes' HTML in their place once the body is rendered.
/// `{{</* name */>}}` is Hugo's escape: it prints `{{< name >}}` as written.
struct ShortcodeFinder {
    /// The source with markers, and what each marker stands for.
    struct Result {
        var text: [UInt8]
        var markers: [ShortcodeMarkers.Marker]
        var problems: [MarkdownShortcodeProblem]
    }

    private let source: [UInt8]
    private let lines: SourceLines
    private var markers: [ShortcodeMarkers.Marker] = []
    private var problems: [MarkdownShortcodeProblem] = []
    /// Byte ranges replaced, in order, with what replaces them (markers, or an escape's text).
    private var replacements: [(range: Range<Int>, bytes: [UInt8])] = []

    /// nil when the source calls no shortcode (the usual case: it has no `{{<` at all).
    static func find(_ source: [UInt8]) -> Result? {
        guard contains(source, opening) else { return nil }
        var finder = ShortcodeFinder(source: source, lines: SourceLines(source))
        for leaf in finder.textBlocks() { finder.scan(leaf) }
        finder.pair()
        guard !finder.replacements.isEmpty || !finder.problems.isEmpty else { return nil }
        return Result(text: finder.rewritten(), markers: finder.markers, problems: finder.problems)
    }

    static let opening = Array("{{<".utf8)
    static let closing = Array(">}}".utf8)

    // MARK: - Blocks

    /// The byte ranges of the paragraphs and headings, where a call is text.
    private func textBlocks() -> [Range<Int>] {
        let root = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT) }
        }
        guard let root else { return [] }
        defer { cmark_node_free(root) }
        var blocks: [Range<Int>] = []
        for node in CMark.nodes(under: root, where: { $0 == CMARK_NODE_PARAGRAPH || $0 == CMARK_NODE_HEADING }) {
            let first = Int(cmark_node_get_start_line(node)), last = Int(cmark_node_get_end_line(node))
            guard first >= 1, last >= first else { continue }
            blocks.append(lines.content(first).lowerBound..<lines.content(min(last, lines.count)).upperBound)
        }
        return blocks
    }

    /// Where code spans are in `range`: a run of backticks up to the next run of as many.
    private func codeSpans(in range: Range<Int>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard byte == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let start = index
            while index < range.upperBound, source[index] == UInt8(ascii: "`") { index += 1 }
            let length = index - start
            var search = index
            var closed = false
            while search < range.upperBound {
                guard source[search] == UInt8(ascii: "`") else {
                    search += 1
                    continue
                }
                let runStart = search
                while search < range.upperBound, source[search] == UInt8(ascii: "`") { search += 1 }
                if search - runStart == length {
                    spans.append(start..<search)
                    index = search
                    closed = true
                    break
                }
            }
            if !closed { index = start + length }
        }
        return spans
    }

    // MARK: - Calls

    /// Finds the calls of a paragraph or heading. A call's own backticks (`` raw=`x` ``) are its
    /// quotes, so code spans are found again after each call, in the text that follows it.
    private mutating func scan(_ block: Range<Int>) {
        var spans = codeSpans(in: block)
        var spanIndex = 0
        var index = block.lowerBound
        while index + 3 <= block.upperBound {
            while spanIndex < spans.count, spans[spanIndex].upperBound <= index { spanIndex += 1 }
            if spanIndex < spans.count, spans[spanIndex].contains(index) {
                index = spans[spanIndex].upperBound
                continue
            }
            guard source[index] == UInt8(ascii: "{"), matches(Self.opening, at: index) else {
                index += 1
                continue
            }
            let end = read(at: index, in: index..<block.upperBound)
            if end > index + 3 {
                spans = codeSpans(in: end..<block.upperBound)
                spanIndex = 0
            }
            index = max(end, index + 3)
        }
    }

    /// Reads the call at `start`; returns where scanning goes on.
    private mutating func read(at start: Int, in block: Range<Int>) -> Int {
        var reader = ShortcodeReader(source: source, position: start + 3, limit: block.upperBound)
        reader.skipSpace()
        if reader.matches("/*") {
            // Hugo's escape: {{</* x */>}} prints {{< x >}}.
            let inside = reader.position + 2
            guard let commentEnd = reader.find("*/") else { return start + 3 }
            var tail = ShortcodeReader(source: source, position: commentEnd + 2, limit: block.upperBound)
            tail.skipSpace()
            guard tail.matches(">}}") else { return start + 3 }
            let after = tail.position + 3
            replacements.append((start..<after, Self.opening + Array(source[inside..<commentEnd]) + Self.closing))
            return after
        }
        let isClosing = reader.matches("/")
        if isClosing {
            reader.position += 1
            reader.skipSpace()
        }
        let name = reader.readName()
        guard !name.isEmpty else {
            report(.missingName, at: start)
            return start + 3
        }
        var arguments: [ShortcodeArgument] = []
        var selfClosing = false
        while true {
            reader.skipSpace()
            if reader.position >= reader.limit {
                report(.unclosedCall, at: start)
                return start + 3
            }
            if reader.matches(">}}") { break }
            if reader.matches("/>}}") {
                selfClosing = true
                reader.position += 1
                break
            }
            guard !isClosing else {
                report(.unclosedCall, at: start)
                return start + 3
            }
            switch reader.readArgument() {
            case .argument(let argument, let valueAt, let nameAt):
                let value = place(valueAt), named = place(nameAt)
                arguments.append(ShortcodeArgument(name: argument.name, value: argument.value, line: value.line,
                                                   column: value.column, quoted: argument.quoted,
                                                   nameLine: named.line, nameColumn: named.column))
            case .unclosedQuote(let at):
                report(.unclosedQuote, at: at)
                return start + 3
            }
        }
        let end = reader.position + 3
        let (line, column) = place(start)
        let text = String(decoding: source[start..<end], as: UTF8.self)
        let marker = ShortcodeMarkers.Marker(
            call: ShortcodeCall(name: name, arguments: arguments, line: line, column: column, isPaired: false, text: text),
            isClosing: isClosing, selfClosing: selfClosing, alone: isAlone(start..<end))
        replacements.append((start..<end, ShortcodeMarkers.bytes(index: markers.count, standingFor: source[start..<end])))
        markers.append(marker)
        return end
    }

    /// Pairs each `{{< /name >}}` with the nearest open `{{< name >}}` before it.
    private mutating func pair() {
        var open: [Int] = []
        for index in markers.indices {
            let marker = markers[index]
            if !marker.isClosing {
                if !marker.selfClosing { open.append(index) }
                continue
            }
            if let position = open.lastIndex(where: { markers[$0].call.name == marker.call.name }) {
                let opening = open[position]
                open.removeSubrange(position...)
                markers[opening].call.isPaired = true
                markers[index].opening = opening
            } else {
                problems.append(MarkdownShortcodeProblem(kind: .strayClosing(marker.call.name), line: marker.call.line,
                                                         column: marker.call.column))
            }
        }
    }

    // MARK: - Helpers

    /// Whether the call is the only text on its lines (only spaces, tabs and `>` of a block quote before it).
    private func isAlone(_ range: Range<Int>) -> Bool {
        let firstLine = lines.line(containing: range.lowerBound)
        let lastLine = lines.line(containing: max(range.upperBound - 1, range.lowerBound))
        let before = source[lines.content(firstLine).lowerBound..<range.lowerBound]
        let after = source[range.upperBound..<max(range.upperBound, lines.content(lastLine).upperBound)]
        return before.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            && after.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private mutating func report(_ kind: MarkdownShortcodeProblem.Kind, at offset: Int) {
        let (line, column) = place(offset)
        problems.append(MarkdownShortcodeProblem(kind: kind, line: line, column: column))
    }

    /// 1-based line and column (in characters) of a byte offset.
    private func place(_ offset: Int) -> (line: Int, column: Int) {
        let line = lines.line(containing: offset)
        let start = lines.content(line).lowerBound
        return (line, String(decoding: source[start..<offset], as: UTF8.self).unicodeScalars.count + 1)
    }

    private func matches(_ needle: [UInt8], at offset: Int) -> Bool {
        offset + needle.count <= source.count && source[offset..<offset + needle.count].elementsEqual(needle)
    }

    /// Whether `needle` occurs in `bytes`: its first byte found by `memchr` (every body is asked,
    /// and few have a `{` at all), the rest compared where it is.
    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let last = buffer.count - needle.count   // the last offset where the needle fits
            var start = 0
            while start <= last {
                guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if UnsafeBufferPointer(rebasing: buffer[offset..<offset + needle.count]).elementsEqual(needle) { return true }
                start = offset + 1
            }
            return false
        }
    }

    /// The source with every replacement made.
    private func rewritten() -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(source.count + source.count / 4)
        var copied = 0
        for (range, bytes) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            text.append(contentsOf: source[copied..<range.lowerBound])
            text.append(contentsOf: bytes)
            copied = range.upperBound
        }
        text.append(contentsOf: source[copied...])
        return text
    }
}
