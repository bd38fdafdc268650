extension TemplateParser {
    /// Reads the tag at `position` and applies it.
    mutating func parseTag() throws(MustacheError) {
        let tag = try scanTag()
        switch tag.kind {
        case .comment:
            finishLine(standaloneLineEnd(tag))
        case .delimiters:
            try changeDelimiters(tag)
        case .variable, .triple, .ampersand:
            let path = try variablePath(tag)
            flushText()
            append(.variable(path, escaped: tag.kind == .variable))
            outline(MustacheTag(kind: .variable(escaped: tag.kind == .variable), name: tag.content,
                                line: tag.line, column: tag.column))
        case .section, .inverted:
            try openSection(tag)
        case .partial:
            try addPartial(tag)
        case .parent:
            try openParent(tag)
        case .block:
            try openBlock(tag)
        case .close:
            try close(tag)
        }
    }

    /// Finds the end of the tag at `position`, moving past it and counting the lines inside it.
    mutating func scanTag() throws(MustacheError) -> ScannedTag {
        let start = position
        let tagColumn = column(of: start)
        var cursor = start + openDelimiter.count
        let kind = ScannedTag.Kind(sigil: cursor < bytes.count ? bytes[cursor] : nil)
        if kind != .variable {
            cursor += 1
        }
        let closing: [UInt8] = switch kind {
        case .triple: [UInt8(ascii: "}")] + closeDelimiter
        case .delimiters: [UInt8(ascii: "=")] + closeDelimiter
        default: closeDelimiter
        }
        guard let closeStart = find(closing, from: min(cursor, bytes.count)) else {
            throw error(.unclosedTag(expected: String(decoding: closing, as: UTF8.self)), line: line, column: tagColumn)
        }
        var contentStart = cursor
        var contentEnd = closeStart
        while contentStart < contentEnd && Self.isWhitespace(bytes[contentStart]) { contentStart += 1 }
        while contentEnd > contentStart && Self.isWhitespace(bytes[contentEnd - 1]) { contentEnd -= 1 }
        let tag = ScannedTag(
            kind: kind,
            content: String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self),
            start: start,
            end: closeStart + closing.count,
            lineStart: lineStart,
            line: line,
            column: tagColumn
        )
        for index in start..<tag.end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        position = tag.end
        return tag
    }

    // MARK: - Standalone lines

    /// Only spaces and tabs precede the tag on its line. (Scans back only to the first other byte,
    /// so long lines of tags stay linear.)
    func isLeftClear(_ tag: ScannedTag) -> Bool {
        var index = tag.start
        while index > tag.lineStart {
            index -= 1
            guard Self.isBlank(bytes[index]) else { return false }
        }
        return true
    }

    /// Where a standalone tag's line ends (past its line break), or nil when more follows the tag.
    func rightClearEnd(_ tag: ScannedTag) -> Int? {
        var index = tag.end
        while index < bytes.count && Self.isBlank(bytes[index]) { index += 1 }
        if index == bytes.count { return index }
        if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
        if bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") {
            return index + 2
        }
        return nil
    }

    /// The whitespace before a tag that starts its line.
    func leadingWhitespace(of tag: ScannedTag) -> [UInt8] {
        Array(bytes[tag.lineStart..<tag.start])
    }

    var isInParentBody: Bool { containers[containers.count - 1].isParentBody }

    /// For a tag alone on its line (spaces, the tag, the line end): drops the spaces before it and
    /// returns where its line ends, for ``finishLine(_:)`` once the pending text is flushed. Inside a
    /// parent tag, what precedes a tag is ignored text, so only the line's end counts.
    mutating func standaloneLineEnd(_ tag: ScannedTag) -> Int? {
        let leftClear = isLeftClear(tag)
        guard leftClear || isInParentBody, let end = rightClearEnd(tag) else { return nil }
        if leftClear {
            text.removeLast(tag.start - tag.lineStart)
        }
        return end
    }

    // MARK: - Tags

    mutating func changeDelimiters(_ tag: ScannedTag) throws(MustacheError) {
        let parts = tag.content.utf8.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.contains(UInt8(ascii: "=")) && $0.count <= 32 })
        else {
            throw error(.invalidDelimiters(tag.content), at: tag)
        }
        finishLine(standaloneLineEnd(tag))
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    mutating func openSection(_ tag: ScannedTag) throws(MustacheError) {
        let path = try variablePath(tag)
        try checkDepth(tag)
        let lineEnd = standaloneLineEnd(tag)
        flushText()
        containers.append(ParserContainer(
            kind: .section(path, inverted: tag.kind == .inverted),
            tagName: tag.content, line: tag.line, column: tag.column))
        finishLine(lineEnd)
    }

    mutating func addPartial(_ tag: ScannedTag) throws(MustacheError) {
        let target = try templateTarget(tag)
        let leftClear = isLeftClear(tag)
        let lineEnd = leftClear ? rightClearEnd(tag) : nil
        var indentation: String?
        if lineEnd != nil {
            indentation = String(decoding: leadingWhitespace(of: tag), as: UTF8.self)
            text.removeLast(tag.start - tag.lineStart)
        }
        flushText()
        if !isInParentBody {
            record(target, .partial, tag)
            append(.partial(PartialNode(target: target, indentation: indentation, line: tag.line, column: tag.column)))
            outline(MustacheTag(kind: .partial(dynamic: target.isDynamic), name: target.writtenName,
                                line: tag.line, column: tag.column))
        }
        finishLine(lineEnd)
    }

    mutating func openParent(_ tag: ScannedTag) throws(MustacheError) {
        let target = try templateTarget(tag)
        try checkDepth(tag)
        let leading = isLeftClear(tag) ? text.splitLast(tag.start - tag.lineStart) : nil
        flushText()
        if !isInParentBody {
            record(target, .parent, tag)
        }
        containers.append(ParserContainer(
            kind: .parent(target, leadingWhitespace: leading),
            tagName: tag.content, line: tag.line, column: tag.column))
        // What follows the tag is the parent's body, whose text is ignored.
        finishLine(rightClearEnd(tag))
    }

    mutating func openBlock(_ tag: ScannedTag) throws(MustacheError) {
        guard !tag.content.isEmpty else { throw error(.emptyTag, at: tag) }
        guard !tag.content.utf8.contains(where: Self.isWhitespace) else {
            throw error(.invalidName(tag.content), at: tag)
        }
        try checkDepth(tag)
        let leftClear = isLeftClear(tag)
        let lineEnd = rightClearEnd(tag)
        let isArgument = isInParentBody
        let isStandalone = lineEnd != nil && (leftClear || isArgument)
        let opening = BlockOpening(
            isArgument: isArgument,
            isStandalone: isStandalone,
            lineIndentation: leftClear ? leadingWhitespace(of: tag) : []
        )
        if isStandalone && leftClear {
            text.removeLast(tag.start - tag.lineStart)
        }
        flushText()
        containers.append(ParserContainer(kind: .block(opening), tagName: tag.content, line: tag.line, column: tag.column))
        finishLine(isStandalone ? lineEnd : nil)
    }

    // MARK: - Names

    func variablePath(_ tag: ScannedTag) throws(MustacheError) -> VariablePath {
        guard !tag.content.isEmpty else { throw error(.emptyTag, at: tag) }
        guard let path = VariablePath(tag.content) else { throw error(.invalidName(tag.content), at: tag) }
        return path
    }

    /// `name` or `*dotted.name` (spaces may follow the asterisk, as the spec's padding tests show).
    func templateTarget(_ tag: ScannedTag) throws(MustacheError) -> TemplateTarget {
        guard !tag.content.isEmpty else { throw error(.emptyTag, at: tag) }
        if tag.content.hasPrefix("*") {
            let name = String(tag.content.dropFirst()).trimmingBlanks()
            guard !name.isEmpty else { throw error(.emptyTag, at: tag) }
            guard let path = VariablePath(name) else { throw error(.invalidName(tag.content), at: tag) }
            return .dynamic(path)
        }
        guard !tag.content.utf8.contains(where: Self.isWhitespace) else {
            throw error(.invalidName(tag.content), at: tag)
        }
        return .named(tag.content)
    }

    /// Adds a tag to the outline of the innermost open container (a parent tag's body keeps only blocks).
    mutating func outline(_ tag: MustacheTag) {
        let index = containers.count - 1
        guard !containers[index].isParentBody || tag.kind == .block else { return }
        containers[index].tags.append(tag)
    }

    mutating func record(_ target: TemplateTarget, _ kind: TemplateReference.Kind, _ tag: ScannedTag) {
        guard case .named(let name) = target else { return }
        references.append(TemplateReference(
            kind: kind, name: name, line: tag.line, column: tag.column, isUnconditional: containers.count == 1))
    }

    func checkDepth(_ tag: ScannedTag) throws(MustacheError) {
        guard containers.count <= limits.maxNestingDepth else {
            throw error(.nestingTooDeep(limit: limits.maxNestingDepth), at: tag)
        }
    }
}
