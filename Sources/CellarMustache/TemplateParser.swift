/// Turns template source into a tree of ``MustacheNode``s in one pass, applying the spec's
/// standalone-line rules as it goes.
struct TemplateParser {
    let bytes: [UInt8]
    let templateName: String
    let limits: MustacheLimits
    var position = 0
    var line = 1
    var lineStart = 0
    var openDelimiter: [UInt8] = Array("{{".utf8)
    var closeDelimiter: [UInt8] = Array("}}".utf8)
    var text = TextBuilder()
    var containers: [ParserContainer]
    var references: [TemplateReference] = []
    /// Where column counting last stopped on the current line, and the column there, so that
    /// many tags on one long line cost linear time.
    var columnOffset = 0
    var columnValue = 1

    init(source: String, templateName: String, limits: MustacheLimits) {
        self.bytes = Array(source.utf8)
        self.templateName = templateName
        self.limits = limits
        self.containers = [ParserContainer(kind: .root, tagName: "", line: 1, column: 1)]
    }

    /// Parses the whole source into the root's nodes.
    mutating func parse() throws(MustacheError) -> [MustacheNode] {
        guard bytes.count <= limits.maxTemplateBytes else {
            throw error(.templateTooLarge(bytes: bytes.count, limit: limits.maxTemplateBytes), line: 1, column: 1)
        }
        if lineHasContent(at: 0) {
            text.markLineStart()
        }
        while position < bytes.count {
            guard let tagStart = find(openDelimiter, from: position) else {
                appendText(upTo: bytes.count)
                break
            }
            appendText(upTo: tagStart)
            try parseTag()
        }
        guard containers.count == 1 else {
            let open = containers[containers.count - 1]
            throw error(unclosedReason(open), line: open.line, column: open.column)
        }
        flushText()
        return containers[0].nodes
    }

    // MARK: - Text and lines

    /// Adds source text up to `end` to the pending text, marking where each line begins.
    mutating func appendText(upTo end: Int) {
        var segmentStart = position
        var index = position
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                text.append(bytes[segmentStart...index])
                segmentStart = index + 1
                line += 1
                lineStart = index + 1
                if lineHasContent(at: index + 1) {
                    text.markLineStart()
                }
            }
            index += 1
        }
        text.append(bytes[segmentStart..<end])
        position = end
    }

    /// Skips a standalone tag's trailing whitespace and line end, starting the next line.
    mutating func consumeLineEnd(to end: Int) {
        guard end > position else { return }
        let endsLine = bytes[end - 1] == UInt8(ascii: "\n")
        position = end
        if endsLine {
            line += 1
            lineStart = end
            if lineHasContent(at: end) {
                text.markLineStart()
            }
        }
    }

    /// A line starting at `offset` is neither empty nor the end of the template.
    func lineHasContent(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "\n"): return false
        case UInt8(ascii: "\r"): return !(offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n"))
        default: return true
        }
    }

    /// Moves the pending text into the innermost open container (text inside a parent tag is dropped).
    mutating func flushText() {
        guard let node = text.take() else { return }
        append(node)
    }

    /// Adds a node to the innermost open container; a parent tag's body keeps only its blocks.
    mutating func append(_ node: MustacheNode) {
        let index = containers.count - 1
        guard !containers[index].isParentBody else { return }
        containers[index].nodes.append(node)
    }

    // MARK: - Scanning

    /// The first offset at or after `start` where `needle` begins.
    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let last = bytes.count - needle.count
        var index = start
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count && bytes[index + matched] == needle[matched] {
                    matched += 1
                }
                if matched == needle.count {
                    return index
                }
            }
            index += 1
        }
        return nil
    }

    /// The 1-based column of `offset` on the current line, in Unicode scalars.
    mutating func column(of offset: Int) -> Int {
        if columnOffset < lineStart || columnOffset > offset {
            columnOffset = lineStart
            columnValue = 1
        }
        for index in columnOffset..<offset where bytes[index] & 0xC0 != 0x80 {
            columnValue += 1
        }
        columnOffset = offset
        return columnValue
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    func error(_ reason: MustacheError.Reason, line: Int, column: Int) -> MustacheError {
        MustacheError(reason, template: templateName, line: line, column: column)
    }

    func error(_ reason: MustacheError.Reason, at tag: ScannedTag) -> MustacheError {
        error(reason, line: tag.line, column: tag.column)
    }

    func unclosedReason(_ container: ParserContainer) -> MustacheError.Reason {
        switch container.kind {
        case .root, .section: .unclosedSection(container.tagName)
        case .block: .unclosedBlock(container.tagName)
        case .parent: .unclosedParent(container.tagName)
        }
    }
}
