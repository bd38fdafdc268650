import CCmark

/// One pass over a cmark tree: collects text facts and references, rewrites destinations,
/// and remembers headings so they can be given ids once the walk is over.
struct MarkdownWalker {
    let source: UnsafeBufferPointer<UInt8>
    private(set) var firstParagraph = ""
    private(set) var wordCount = 0
    private(set) var references: [MarkdownReference] = []
    private var headings: [(node: OpaquePointer, text: String)] = []
    private var paragraphState = ParagraphState.before
    private var headingText: String?
    private var lineStarts: [Int]?
    private var claimed: Set<Int> = []   // byte offsets of destinations already matched to a reference
    private var inWord = false           // carried across inline nodes: smart quotes split "don't" into three

    private enum ParagraphState { case before, inside, done }

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    mutating func walk(_ document: OpaquePointer, rewrite: (MarkdownReference) -> String?) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var blockLine = 1, blockEndLine = 1, blockColumn = 1
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                inWord = false
                if entering {
                    blockLine = Int(cmark_node_get_start_line(node))
                    blockEndLine = max(blockLine, Int(cmark_node_get_end_line(node)))
                    blockColumn = Int(cmark_node_get_start_column(node))
                }
            default: break
            }
            switch type {
            case CMARK_NODE_PARAGRAPH:
                if entering, paragraphState == .before { paragraphState = .inside }
                if !entering, paragraphState == .inside { paragraphState = .done }
            case CMARK_NODE_HEADING:
                if entering {
                    headingText = ""
                } else {
                    headings.append((node, headingText ?? ""))
                    headingText = nil
                }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text(cmark_node_get_literal(node))
            case CMARK_NODE_CODE_BLOCK:
                wordCount += Self.words(in: cmark_node_get_literal(node), inWord: &inWord)
                inWord = false
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                inWord = false
                appendSpace()
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if entering {
                    reference(node, image: type == CMARK_NODE_IMAGE, lines: blockLine...blockEndLine,
                              fallbackColumn: blockColumn, rewrite: rewrite)
                }
            default:
                break
            }
        }
        firstParagraph = Self.collapsingWhitespace(firstParagraph)
    }

    /// Replaces each heading by a custom block that writes `<hN id="…">`, keeping its inline children.
    mutating func anchorHeadings() -> [String] {
        var used = Set<String>()
        var ids: [String] = []
        for (heading, text) in headings {
            let base = AnchorSlug.make(text)
            var id = base
            var number = 1
            while used.contains(id) {
                id = "\(base)-\(number)"
                number += 1
            }
            used.insert(id)
            ids.append(id)
            let level = cmark_node_get_heading_level(heading)
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(block, "<h\(level) id=\"\(id)\">")
            cmark_node_set_on_exit(block, "</h\(level)>")
            while let child = cmark_node_first_child(heading) {
                cmark_node_unlink(child)
                cmark_node_append_child(block, child)
            }
            cmark_node_replace(heading, block)
            cmark_node_free(heading)
        }
        headings = []
        return ids
    }

    // MARK: - Private

    private mutating func text(_ literal: UnsafePointer<CChar>?) {
        guard let literal else { return }
        wordCount += Self.words(in: literal, inWord: &inWord)
        if paragraphState == .inside || headingText != nil {
            let string = String(cString: literal)
            if paragraphState == .inside { firstParagraph += string }
            if headingText != nil { headingText! += string }
        }
    }

    private mutating func appendSpace() {
        if paragraphState == .inside { firstParagraph += " " }
        if headingText != nil { headingText! += " " }
    }

    private mutating func reference(
        _ node: OpaquePointer, image: Bool, lines: ClosedRange<Int>, fallbackColumn: Int,
        rewrite: (MarkdownReference) -> String?
    ) {
        let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        // Only local targets can be reported as missing: find their exact column; others keep the block's.
        let isLocal = !destination.hasPrefix("#") && !destination.contains("://") && !destination.hasPrefix("mailto:")
        let (line, column) = (isLocal ? locate(destination, in: lines) : nil) ?? (lines.lowerBound, fallbackColumn)
        let emptyAlt = image && cmark_node_first_child(node) == nil
        let found = MarkdownReference(
            kind: image ? .image : .link, destination: destination,
            line: line, column: column, hasEmptyAlt: emptyAlt
        )
        references.append(found)
        if let replacement = rewrite(found), replacement != destination {
            cmark_node_set_url(node, replacement)
        }
    }

    /// Finds where `destination` is written within the block's lines, for a precise column.
    private mutating func locate(_ destination: String, in lines: ClosedRange<Int>) -> (Int, Int)? {
        let needle = Array(destination.utf8)
        guard !needle.isEmpty else { return nil }
        if lineStarts == nil { lineStarts = Self.lineStarts(of: source) }
        guard let starts = lineStarts, lines.lowerBound >= 1, lines.lowerBound <= starts.count else { return nil }
        let from = starts[lines.lowerBound - 1]
        let to = lines.upperBound < starts.count ? starts[lines.upperBound] : source.count
        guard from < to, to - from >= needle.count else { return nil }
        var offset = from
        while offset + needle.count <= to {
            if !claimed.contains(offset), source[offset] == needle[0],
               source[offset..<offset + needle.count].elementsEqual(needle) {
                claimed.insert(offset)
                let line = (starts.lastIndex { $0 <= offset } ?? 0) + 1
                let lineStart = starts[line - 1]
                let column = String(decoding: source[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
                return (line, column)
            }
            offset += 1
        }
        return nil
    }

    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        return starts
    }

    static func words(in literal: UnsafePointer<CChar>?, inWord: inout Bool) -> Int {
        guard var pointer = literal else { return 0 }
        var count = 0
        while pointer.pointee != 0 {
            let byte = UInt8(bitPattern: pointer.pointee)
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space, !inWord { count += 1 }
            inWord = !space
            pointer += 1
        }
        return count
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
