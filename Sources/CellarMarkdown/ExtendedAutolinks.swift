internal import CCmark

/// Turns bare `www.`, `http(s)://`, `ftp://` links and e-mail addresses in text into links — never
/// inside a link or image, between raw `<a>` and `</a>`, in code or in raw HTML (which are not text).
/// With smart punctuation on, curly quotes, dashes and ellipses libcmark made out of a link's `'`, `"`,
/// `--` and `...` are read back as written.
enum ExtendedAutolinks {
    static func apply(under root: OpaquePointer, smartPunctuation: Bool) {
        for (node, boundary) in candidates(under: root) {
            link(node, startsAtBoundary: boundary, smartPunctuation: smartPunctuation)
        }
    }

    /// Text nodes that may hold a link, with whether a `www.` link may start at their beginning.
    private static func candidates(under root: OpaquePointer) -> [(OpaquePointer, Bool)] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [(OpaquePointer, Bool)] = []
        var linkDepth = 0
        var anchorDepth = 0
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                linkDepth += entering ? 1 : -1
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CUSTOM_BLOCK:
                anchorDepth = 0
            case CMARK_NODE_HTML_INLINE:
                anchorDepth = max(0, anchorDepth + anchorChange(CMark.literal(node)))
            case CMARK_NODE_TEXT:
                guard linkDepth == 0, anchorDepth == 0, mayHoldLink(node) else { break }
                found.append((node, startsAtBoundary(node)))
            default:
                break
            }
        }
        return found
    }

    private static func link(_ node: OpaquePointer, startsAtBoundary: Bool, smartPunctuation: Bool) {
        let bytes = CMark.literal(node)
        let text = ScalarText(bytes)
        let view = RawView(text.scalars, smartPunctuation: smartPunctuation)
        let matches = AutolinkScanner(startsAtBoundary: startsAtBoundary).matches(in: view.raw)
        guard !matches.isEmpty else { return }
        var written = 0   // literal scalars already placed
        for match in matches {
            let (range, rawRange) = view.literalRange(of: match.range)
            guard range.lowerBound >= written, !range.isEmpty else { continue }
            if range.lowerBound > written, let before = CMark.text(bytes[text.bytes(written..<range.lowerBound)]) {
                cmark_node_insert_before(node, before)
            }
            // The link reads as written: from the literal, or from the raw view where smart punctuation changed it.
            let label = view.isIdentity(rawRange) ? Array(bytes[text.bytes(range)]) : ScalarText.utf8(view.raw[rawRange])
            let scheme: [UInt8] = match.kind == .www ? Array("http://".utf8) : match.kind == .email ? Array("mailto:".utf8) : []
            if let linkNode = cmark_node_new(CMARK_NODE_LINK), let labelNode = CMark.text(label) {
                CMark.setURL(linkNode, scheme + label)
                cmark_node_append_child(linkNode, labelNode)
                cmark_node_insert_before(node, linkNode)
            }
            written = range.upperBound
        }
        if written < text.scalars.count, let after = CMark.text(bytes[text.bytes(written..<text.scalars.count)]) {
            cmark_node_insert_before(node, after)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    private static func mayHoldLink(_ node: OpaquePointer) -> Bool {
        CMark.literalContains(node, UInt8(ascii: "@")) || CMark.literalContains(node, "://") || CMark.literalContains(node, "www.")
    }


    /// +1 for a raw `<a …>`, -1 for `</a>`, 0 for anything else.
    private static func anchorChange(_ html: [UInt8]) -> Int {
        guard html.count >= 3, html[0] == UInt8(ascii: "<") else { return 0 }
        let closing = html[1] == UInt8(ascii: "/")
        let nameAt = closing ? 2 : 1
        guard nameAt + 1 < html.count, html[nameAt] | 0x20 == UInt8(ascii: "a") else { return 0 }
        let after = html[nameAt + 1]
        guard after == UInt8(ascii: ">") || after == 0x20 || after == 0x09 || after == 0x0A || after == UInt8(ascii: "/")
        else { return 0 }
        return closing ? -1 : 1
    }

    private static func startsAtBoundary(_ node: OpaquePointer) -> Bool {
        guard let previous = cmark_node_previous(node) else { return true }
        switch cmark_node_get_type(previous) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_EMPH, CMARK_NODE_STRONG: return true
        case CMARK_NODE_CUSTOM_INLINE: return cmark_node_first_child(previous) != nil   // a <del>, closed by '~'
        default: return false
        }
    }
}
