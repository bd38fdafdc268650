extension TemplateParser {
    /// `{{/name}}`: closes the innermost section, block or parent, which must have the same name.
    mutating func close(_ tag: ScannedTag) throws(MustacheError) {
        guard !tag.content.isEmpty else { throw error(.emptyTag, at: tag) }
        guard containers.count > 1 else { throw error(.unexpectedClose(tag.content), at: tag) }
        let open = containers[containers.count - 1]
        guard open.tagName == tag.content else {
            throw error(
                .mismatchedClose(expected: open.tagName, found: tag.content, openLine: open.line, openColumn: open.column),
                at: tag)
        }
        switch open.kind {
        case .root:
            throw error(.unexpectedClose(tag.content), at: tag)
        case .section(let path, let inverted):
            let lineEnd = standaloneLineEnd(tag)
            popContainer()
            append(.section(path, open.nodes + pendingNodes(), inverted: inverted))
            outline(MustacheTag(kind: .section(inverted: inverted), name: open.tagName, line: open.line,
                                column: open.column, children: open.tags))
            finishLine(lineEnd)
        case .block(let opening) where opening.isArgument:
            // The text after an argument is the parent's ignored body, so only the left side counts.
            let leftClear = isLeftClear(tag)
            if leftClear {
                text.removeLast(tag.start - tag.lineStart)
            }
            let nodes = open.nodes + pendingNodes()
            popContainer()
            let content = BlockIndentation.normalize(nodes, opening: opening, templateName: templateName)
            containers[containers.count - 1].arguments[open.tagName] = content.content
            outline(MustacheTag(kind: .block, name: open.tagName, line: open.line, column: open.column, children: open.tags))
            if leftClear, let end = rightClearEnd(tag) {
                consumeLineEnd(to: end)
            }
        case .block(let opening):
            let lineEnd = standaloneLineEnd(tag)
            let nodes = open.nodes + pendingNodes()
            popContainer()
            let content = BlockIndentation.normalize(nodes, opening: opening, templateName: templateName)
            append(.block(BlockNode(
                name: open.tagName, defaultContent: content.content, indentation: content.indentation,
                isStandalone: opening.isStandalone, line: open.line, column: open.column)))
            outline(MustacheTag(kind: .block, name: open.tagName, line: open.line, column: open.column, children: open.tags))
            finishLine(lineEnd)
        case .parent(let target, let leading):
            text = TextBuilder()  // the body's text is ignored
            popContainer()
            let lineEnd = leading == nil ? nil : rightClearEnd(tag)
            var indentation: String?
            if let leading, lineEnd != nil {
                indentation = String(decoding: leading.bytes, as: UTF8.self)
            } else if let leading {
                text = leading
                flushText()
            }
            append(.parent(ParentNode(
                target: target, arguments: open.arguments, indentation: indentation, line: open.line, column: open.column)))
            outline(MustacheTag(kind: .parent(dynamic: target.isDynamic), name: target.writtenName, line: open.line,
                                column: open.column, children: open.tags))
            finishLine(lineEnd)
        }
    }

    /// The pending text as nodes, to end the container it belongs to.
    mutating func pendingNodes() -> [MustacheNode] {
        text.take().map { [$0] } ?? []
    }

    mutating func popContainer() {
        containers.removeLast()
    }

    mutating func finishLine(_ lineEnd: Int?) {
        if let lineEnd {
            consumeLineEnd(to: lineEnd)
        }
    }
}
