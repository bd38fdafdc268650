internal import CCmark

/// GFM strikethrough: runs of one or two `~` that open (left-flanking) and close (right-flanking) like
/// emphasis, matched with a run of the same length within the same inline container, drawn as `<del>`.
/// Longer runs stay as they are. Each container is one left-to-right pass with a stack per run length.
enum Strikethrough {
    private struct Run {
        var node: OpaquePointer
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var index: Int
    }

    static func apply(under root: OpaquePointer) {
        let containers = CMark.nodes(under: root) { type in
            type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_EMPH
                || type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK || type == CMARK_NODE_CUSTOM_INLINE
        }
        for container in containers { process(container) }
    }

    private static func process(_ container: OpaquePointer) {
        var runs: [Run] = []
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT, CMark.literalContains(node, UInt8(ascii: "~")) else { continue }
            split(node, literal: CMark.literal(node), into: &runs)
        }
        guard runs.count >= 2 else { return }
        for index in runs.indices { runs[index].index = index }
        var openers: [[Run]] = [[], []]
        for run in runs {
            let stack = run.length - 1
            if run.canClose, let opener = openers[stack].last {
                openers[stack].removeLast()
                let other = 1 - stack
                while let top = openers[other].last, top.index > opener.index { openers[other].removeLast() }
                wrap(from: opener.node, to: run.node)
                continue
            }
            if run.canOpen { openers[stack].append(run) }
        }
    }

    /// Cuts a text node so each run of one or two tildes that could open or close is a node of its own.
    private static func split(_ node: OpaquePointer, literal: [UInt8], into runs: inout [Run]) {
        var pieces: [(bytes: ArraySlice<UInt8>, run: Run?)] = []
        var start = 0
        var index = 0
        while index < literal.count {
            guard literal[index] == UInt8(ascii: "~") else { index += 1; continue }
            var end = index
            while end < literal.count, literal[end] == UInt8(ascii: "~") { end += 1 }
            let length = end - index
            if length <= 2 {
                let before = CharacterClass.scalar(before: index, in: literal) ?? boundary(cmark_node_previous(node))
                let after = CharacterClass.scalar(at: end, in: literal) ?? boundary(cmark_node_next(node))
                let (left, right) = flanking(before: before, after: after)
                if left || right, let runNode = CMark.text(literal[index..<end]) {
                    if start < index { pieces.append((literal[start..<index], nil)) }
                    pieces.append((literal[index..<end], Run(node: runNode, length: length, canOpen: left,
                                                              canClose: right, index: 0)))
                    start = end
                }
            }
            index = end
        }
        guard pieces.contains(where: { $0.run != nil }) else { return }
        if start < literal.count { pieces.append((literal[start...], nil)) }
        for piece in pieces {
            if let run = piece.run {
                cmark_node_insert_before(node, run.node)
                runs.append(run)
            } else if let text = CMark.text(piece.bytes) {
                cmark_node_insert_before(node, text)
            }
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// What stands next to a run at the edge of its text node: a line edge reads as whitespace, any
    /// other inline (emphasis, code, link, HTML) as the punctuation that delimits it.
    private static func boundary(_ sibling: OpaquePointer?) -> Unicode.Scalar {
        guard let sibling else { return "\n" }
        switch cmark_node_get_type(sibling) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return "\n"
        case CMARK_NODE_TEXT:
            let literal = CMark.literal(sibling)
            return CharacterClass.scalar(before: literal.count, in: literal) ?? "\n"
        default: return "*"
        }
    }

    private static func flanking(before: Unicode.Scalar, after: Unicode.Scalar) -> (left: Bool, right: Bool) {
        let spaceBefore = CharacterClass.isWhitespace(before)
        let spaceAfter = CharacterClass.isWhitespace(after)
        let punctBefore = CharacterClass.isPunctuation(before)
        let punctAfter = CharacterClass.isPunctuation(after)
        let left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore)
        let right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter)
        return (left, right)
    }

    /// Puts everything between the two runs into a `<del>` and drops the runs.
    private static func wrap(from opener: OpaquePointer, to closer: OpaquePointer) {
        guard let del = CMark.customInline(enter: "<del>", exit: "</del>") else { return }
        cmark_node_insert_before(opener, del)
        while let next = cmark_node_next(opener), next != closer {
            cmark_node_unlink(next)
            cmark_node_append_child(del, next)
        }
        cmark_node_free(opener)
        cmark_node_free(closer)
    }
}
