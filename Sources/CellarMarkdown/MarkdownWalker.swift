internal import CCmark
internal import CellarEscaping
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pass over a cmark tree: collects text facts and references, rewrites destinations,
/// and remembers headings so they can be given ids once the walk is over.
struct MarkdownWalker {
    private(set) var firstParagraph = ""
    var wordCount: Int { counter.words }
    private(set) var references: [MarkdownReference] = []
    private(set) var counter = ScriptCounter()
    /// The plain text before `<!--more-->`, once the marker was met.
    private(set) var textBeforeMore: String?
    private var headings: [(node: OpaquePointer, text: String)] = []
    private var paragraphState = ParagraphState.before
    private var headingText: String?
    private var moreText: String?                 // collected while a marker may still come
    private var moreMarkers: [OpaquePointer] = []
    /// Line breaks between two Chinese or Japanese characters, taken out once the walk is over.
    private var joinedBreaks: [OpaquePointer] = []
    private var locator: SourceLocator
    private let origins: LineOrigins

    private enum ParagraphState { case before, inside, done }

    init(source: UnsafeBufferPointer<UInt8>, lines: SourceLines?, origins: LineOrigins, mayHaveMoreMarker: Bool) {
        locator = SourceLocator(source: source, lines: lines)
        self.origins = origins
        moreText = mayHaveMoreMarker ? "" : nil
    }

    mutating func walk(_ document: OpaquePointer, rewrite: (MarkdownReference) -> String?) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var blockLines = 1...1, blockColumn = 1
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                counter.endWord()
                if moreText != nil { moreText! += " " }
                if entering {
                    let first = origins.source(Int(cmark_node_get_start_line(node)))
                    blockLines = first...max(first, origins.source(Int(cmark_node_get_end_line(node))))
                    blockColumn = Int(cmark_node_get_start_column(node))
                }
            case CMARK_NODE_CUSTOM_INLINE:
                if entering, let line = origins.cells[node] {   // a table cell
                    counter.endWord()
                    if moreText != nil { moreText! += " " }
                    blockLines = line...line
                    blockColumn = 1
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
            case CMARK_NODE_TEXT:
                counter.prose(cmark_node_get_literal(node))
                text(cmark_node_get_literal(node))
            case CMARK_NODE_CODE:
                counter.codeSpan(cmark_node_get_literal(node))
                text(cmark_node_get_literal(node))
            case CMARK_NODE_CODE_BLOCK:
                counter.codeBlock(cmark_node_get_literal(node))
                if moreText != nil { moreText! += CMark.string(cmark_node_get_literal(node)) }
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if moreText != nil, Self.isMoreMarker(cmark_node_get_literal(node)) {
                    textBeforeMore = PlainText.collapsingWhitespace(moreText ?? "")
                    moreText = nil
                    moreMarkers.append(node)
                }
            case CMARK_NODE_SOFTBREAK where CJKLineJoin.joins(node):
                // Chinese and Japanese have no spaces between words: a line wrapped in the source
                // runs on without one (CSS Text's segment break rule; browsers would show a space).
                counter.endWord()
                joinedBreaks.append(node)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                counter.endWord()
                appendSpace()
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if entering {
                    reference(node, image: type == CMARK_NODE_IMAGE, lines: blockLines,
                              fallbackColumn: blockColumn, rewrite: rewrite)
                }
            default:
                break
            }
        }
        firstParagraph = PlainText.collapsingWhitespace(firstParagraph)
    }

    /// Replaces each heading by a custom block that writes `<hN id="…">`, keeping its inline children.
    /// A heading ending in `{#id .class}` (``HeadingAttributes``) takes that id and those classes, the
    /// braces taken out of its text; the others get an id from their text in `style`.
    /// Definition terms (`terms`, ``DefinitionLists``) get ids the same way, after the headings, as
    /// Goldmark's `autoDefinitionTermID` gives them.
    mutating func anchorHeadings(style: AnchorStyle = .cellar, terms: [(node: OpaquePointer, text: String)] = []) -> [MarkdownHeading] {
        var ids = AnchorIDs()
        var found: [MarkdownHeading] = []
        for (heading, written) in headings {
            var text = written
            var attributes = HeadingAttributes()
            if let last = cmark_node_last_child(heading), CMark.type(last) == CMARK_NODE_TEXT,
               let (literal, read) = HeadingAttributes.split(CMark.string(cmark_node_get_literal(last))),
               let (rest, _) = HeadingAttributes.split(text) {
                CMark.setLiteral(last, Array(literal.utf8))
                text = rest
                attributes = read
            }
            let id: String
            if let written = attributes.id {
                id = written
                ids.take(written)
            } else {
                id = ids.make(for: text, style: style)
            }
            let level = cmark_node_get_heading_level(heading)
            found.append(MarkdownHeading(level: Int(level), id: id, text: PlainText.collapsingWhitespace(text)))
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            let classes = attributes.classes.isEmpty ? "" : " class=\"\(Escaping.htmlAttribute(attributes.classes.joined(separator: " ")))\""
            cmark_node_set_on_enter(block, "<h\(level) id=\"\(Escaping.htmlAttribute(id))\"\(classes)>")
            cmark_node_set_on_exit(block, "</h\(level)>")
            CMark.moveChildren(of: heading, to: block)
            CMark.replace(heading, with: block)
        }
        headings = []
        for (term, text) in terms {
            cmark_node_set_on_enter(term, "<dt id=\"\(Escaping.htmlAttribute(ids.make(for: text, style: style)))\">")
        }
        return found
    }

    /// Takes `<!--more-->` markers out of the tree (their job is done).
    mutating func removeMoreMarkers() {
        for marker in moreMarkers { cmark_node_free(marker) }
        moreMarkers = []
        for lineBreak in joinedBreaks { cmark_node_free(lineBreak) }
        joinedBreaks = []
    }

    // MARK: - Private

    private mutating func text(_ literal: UnsafePointer<CChar>?) {
        guard let literal else { return }
        if paragraphState == .inside || headingText != nil || moreText != nil {
            let string = String(cString: literal)
            if paragraphState == .inside { firstParagraph += string }
            if headingText != nil { headingText! += string }
            if moreText != nil { moreText! += string }
        }
    }

    private mutating func appendSpace() {
        if paragraphState == .inside { firstParagraph += " " }
        if headingText != nil { headingText! += " " }
        if moreText != nil { moreText! += " " }
    }

    private mutating func reference(
        _ node: OpaquePointer, image: Bool, lines: ClosedRange<Int>, fallbackColumn: Int,
        rewrite: (MarkdownReference) -> String?
    ) {
        let url = cmark_node_get_url(node)
        let destination = CMark.string(url)
        // Only local targets can be reported as missing: find their exact column; others keep the block's.
        let isLocal = url.map { $0.pointee != CChar(UInt8(ascii: "#")) && strstr($0, "://") == nil && strncmp($0, "mailto:", 7) != 0 }
            ?? true
        let hint = origins.source(Int(cmark_node_get_start_line(node)))
        let located = isLocal ? locator.locate(Array(destination.utf8), in: lines, hint: hint) : nil
        let (line, column) = located ?? (lines.lowerBound, fallbackColumn)
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

    private static func isMoreMarker(_ literal: UnsafePointer<CChar>?) -> Bool {
        let html = CMark.string(literal).trimmingWhitespace
        guard html.hasPrefix("<!--"), html.hasSuffix("-->"), html.count >= 7 else { return false }
        return String(html.dropFirst(4).dropLast(3)).trimmingWhitespace.lowercased() == "more"
    }
}

private extension String {
    /// Without whitespace at either end (Foundation-free).
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
