internal import CCmark

/// Definition lists as Goldmark (Hugo's Markdown, where they are on by default) and PHP Markdown
/// Extra write them: a paragraph's first lines are terms, each line starting with `: ` a definition
/// of them (the lines after it go on with it). Paragraphs of such entries one after another make
/// one list.
///
/// ```markdown
/// `draft`
/// : Whether the page is left out of the build.
/// ```
enum DefinitionLists {
    /// Turns every paragraph of that shape under `root` into `<dl>`; returns each term's `<dt>` block
    /// and its plain text, in document order, for ids.
    static func build(in root: OpaquePointer) -> [(node: OpaquePointer, text: String)] {
        var terms: [(node: OpaquePointer, text: String)] = []
        var lists: Set<OpaquePointer> = []
        for paragraph in CMark.nodes(under: root, where: { $0 == CMARK_NODE_PARAGRAPH }) {
            let lines = self.lines(of: paragraph)
            guard lines.count >= 2, !startsDefinition(lines[0]),
                  let firstDefinition = lines.firstIndex(where: startsDefinition) else { continue }
            let previous = cmark_node_previous(paragraph)
            let list: OpaquePointer
            if let previous, lists.contains(previous) {
                list = previous
            } else {
                guard let made = CMark.customBlock(enter: "<dl>", exit: "</dl>") else { continue }
                cmark_node_insert_before(paragraph, made)
                lists.insert(made)
                list = made
            }
            for (index, line) in lines.enumerated() {
                let isDefinition = index >= firstDefinition && startsDefinition(line)
                if index > firstDefinition, !isDefinition, let open = cmark_node_last_child(list) {
                    // A line that goes on with the definition above it, after its line break.
                    if let breakNode = cmark_node_previous(line.first ?? open), CMark.type(breakNode) == CMARK_NODE_SOFTBREAK {
                        cmark_node_unlink(breakNode)
                        cmark_node_append_child(open, breakNode)
                    }
                    for node in line { cmark_node_unlink(node); cmark_node_append_child(open, node) }
                    continue
                }
                guard let block = CMark.customBlock(enter: isDefinition ? "<dd>" : "<dt>", exit: isDefinition ? "</dd>" : "</dt>") else { continue }
                if isDefinition, let first = line.first { dropMarker(first) }
                let text = line.map(plainText).joined()
                for node in line { cmark_node_unlink(node); cmark_node_append_child(block, node) }
                cmark_node_append_child(list, block)
                if !isDefinition { terms.append((block, text.trimmingCharacters())) }
            }
            cmark_node_free(paragraph)
        }
        return terms
    }

    /// The paragraph's inline children split at its soft line breaks (which stay in the paragraph).
    private static func lines(of paragraph: OpaquePointer) -> [[OpaquePointer]] {
        var lines: [[OpaquePointer]] = [[]]
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            if CMark.type(node) == CMARK_NODE_SOFTBREAK { lines.append([]) } else { lines[lines.count - 1].append(node) }
            child = cmark_node_next(node)
        }
        return lines.filter { !$0.isEmpty }
    }

    private static func startsDefinition(_ line: [OpaquePointer]) -> Bool {
        guard let first = line.first, CMark.type(first) == CMARK_NODE_TEXT else { return false }
        let literal = CMark.literal(first)
        return literal.count >= 2 && literal[0] == UInt8(ascii: ":") && (literal[1] == 0x20 || literal[1] == 0x09)
    }

    /// `: text` → `text`.
    private static func dropMarker(_ node: OpaquePointer) {
        var literal = CMark.literal(node).dropFirst()
        while literal.first == 0x20 || literal.first == 0x09 { literal = literal.dropFirst() }
        CMark.setLiteral(node, literal)
    }

    private static func plainText(_ node: OpaquePointer) -> String {
        switch CMark.type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE: return String(decoding: CMark.literal(node), as: UTF8.self)
        default:
            var text = ""
            var child = cmark_node_first_child(node)
            while let inner = child {
                text += plainText(inner)
                child = cmark_node_next(inner)
            }
            return text
        }
    }
}

private extension String {
    func trimmingCharacters() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
