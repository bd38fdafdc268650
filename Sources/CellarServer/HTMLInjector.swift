/// Inserts the live-reload script into an HTML document as it is served.
///
/// The snippet goes before the last `</body` (matched case-insensitively), or at the very
/// end when the document has no closing body tag. Files on disk are never touched: the
/// server splices the snippet into the bytes it sends (see ``FileBody``), and the response's
/// length is that of the result. The tag is looked for from the end of the file backwards, a
/// chunk at a time, so a large page is never read whole.
struct HTMLInjector: Sendable {
    /// The bytes inserted.
    var snippet: [UInt8]

    /// An injector for the `<script>` tag that loads ``LiveReloadScript``.
    static let liveReload = HTMLInjector(
        snippet: Array("<script src=\"\(LiveReloadScript.path)\" defer></script>".utf8)
    )

    /// The document with the snippet inserted.
    func inject(into html: [UInt8]) -> [UInt8] {
        let position = Int(insertionOffset(size: UInt64(html.count)) { offset, count in
            Array(html[Int(offset)..<(Int(offset) + count)])
        })
        var result: [UInt8] = []
        result.reserveCapacity(html.count + snippet.count)
        result += html[..<position]
        result += snippet
        result += html[position...]
        return result
    }

    /// Where the snippet goes in a document of `size` bytes, read through `read(offset, count)`
    /// (which returns fewer bytes only at the end of the file).
    func insertionOffset(size: UInt64, chunkSize: Int = 64 * 1024, read: (UInt64, Int) -> [UInt8]) -> UInt64 {
        let tag = Self.closingBody
        var end = size
        while end > 0 {
            let start = end > UInt64(chunkSize) ? end - UInt64(chunkSize) : 0
            // The chunk reaches past `end` by the tag's length less one, so a tag across two chunks is found.
            let count = Int(min(size, end + UInt64(tag.count - 1)) - start)
            let bytes = read(start, count)
            var index = min(bytes.count - tag.count, Int(end - start) - 1)
            while index >= 0 {
                if Self.matchesClosingBody(bytes, at: index) { return start + UInt64(index) }
                index -= 1
            }
            end = start
        }
        return size
    }
}

private extension HTMLInjector {
    static let closingBody = Array("</body".utf8)

    static func matchesClosingBody(_ html: [UInt8], at start: Int) -> Bool {
        for (offset, expected) in closingBody.enumerated() {
            var byte = html[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }
}
