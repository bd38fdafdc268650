internal import CCmark

/// The `[^label]` references of a tree, cut out of its text as nodes of their own (outside links, code and
/// raw HTML). References to labels without a note stay text and are reported.
struct FootnoteReferences {
    struct Reference {
        var node: OpaquePointer
        var key: String
    }

    struct Undefined {
        var label: String
        /// The inline container (paragraph, emphasis, cell…) whose text held it, to find its place.
        var container: OpaquePointer
        /// The parsed line libcmark gave the text.
        var line: Int
    }

    /// References in the body proper, in order, then those inside each note's body (by region).
    private(set) var main: [Reference] = []
    private(set) var inNotes: [Int: [Reference]] = [:]
    private(set) var undefined: [Undefined] = []

    /// - Parameters:
    ///   - defined: the keys that have a note.
    ///   - regions: the top-level nodes holding note bodies, with their region.
    init(under root: OpaquePointer, defined: Set<String>, regions: [OpaquePointer: Int]) {
        var child = cmark_node_first_child(root)
        while let top = child {
            child = cmark_node_next(top)
            let region = regions[top]
            for text in CMark.nodes(under: top, where: { $0 == CMARK_NODE_TEXT }) where !CMark.isInsideLink(text) {
                let found = cut(text, defined: defined)
                if let region { inNotes[region, default: []] += found } else { main += found }
            }
        }
    }

    private mutating func cut(_ text: OpaquePointer, defined: Set<String>) -> [Reference] {
        guard CMark.literalContains(text, "[^") else { return [] }
        let literal = CMark.literal(text)
        var found: [Reference] = []
        var copied = 0
        var index = 0
        while index + 3 < literal.count {
            guard literal[index] == UInt8(ascii: "["), literal[index + 1] == UInt8(ascii: "^"),
                  let reference = FootnoteLabel.reference(in: literal, from: index) else {
                index += 1
                continue
            }
            let key = FootnoteLabel.key(literal[reference.label])
            guard defined.contains(key) else {
                if let parent = cmark_node_parent(text) {
                    undefined.append(Undefined(label: String(decoding: literal[reference.label], as: UTF8.self),
                                               container: parent, line: Int(cmark_node_get_start_line(text))))
                }
                index = reference.end
                continue
            }
            guard let node = CMark.customInline(enter: "") else { break }
            if copied < index, let before = CMark.text(literal[copied..<index]) { cmark_node_insert_before(text, before) }
            cmark_node_insert_before(text, node)
            found.append(Reference(node: node, key: key))
            copied = reference.end
            index = reference.end
        }
        guard !found.isEmpty else { return [] }
        if copied < literal.count {
            CMark.setLiteral(text, literal[copied...])
        } else {
            cmark_node_unlink(text)
            cmark_node_free(text)
        }
        return found
    }
}
