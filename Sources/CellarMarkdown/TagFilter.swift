internal import CCmark

/// GFM's tag filter: in raw HTML, the `<` of the tags that change how a browser reads what follows
/// (`<script>`, `<style>`, `<iframe>`, `<textarea>`, `<title>`, `<xmp>`, `<noembed>`, `<noframes>`,
/// `<plaintext>`), opening or closing, becomes `&lt;`.
enum TagFilter {
    private static let names: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes",
                                            "script", "plaintext"].map { Array($0.utf8) }

    static func apply(under root: OpaquePointer) {
        for node in CMark.nodes(under: root, where: { $0 == CMARK_NODE_HTML_BLOCK || $0 == CMARK_NODE_HTML_INLINE }) {
            let literal = CMark.literal(node)
            if let filtered = filter(literal) { CMark.setLiteral(node, filtered) }
        }
    }

    /// The HTML with its disallowed tags escaped, or nil when it has none.
    static func filter(_ html: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var changed = false
        var copied = 0
        var index = 0
        while index < html.count {
            if html[index] == UInt8(ascii: "<"), isDisallowedTag(html, at: index) {
                if !changed { output.reserveCapacity(html.count + 16); changed = true }
                output += html[copied..<index]
                output += Array("&lt;".utf8)
                copied = index + 1
            }
            index += 1
        }
        guard changed else { return nil }
        output += html[copied...]
        return output
    }

    private static func isDisallowedTag(_ html: [UInt8], at start: Int) -> Bool {
        var nameStart = start + 1
        if nameStart < html.count, html[nameStart] == UInt8(ascii: "/") { nameStart += 1 }
        for name in names where nameStart + name.count <= html.count {
            var matches = true
            for (offset, letter) in name.enumerated() where html[nameStart + offset] | 0x20 != letter {
                matches = false
                break
            }
            guard matches else { continue }
            let after = nameStart + name.count
            if after == html.count { return true }
            switch html[after] {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"): return true
            default: continue
            }
        }
        return false
    }
}
