/// Inserts the live-reload script into an HTML document as it is served.
///
/// The snippet goes before the last `</body` (matched case-insensitively), or at the very
/// end when the document has no closing body tag. Files on disk are never touched: the
/// server injects into the bytes it is about to send, and the response's length is that
/// of the injected bytes.
struct HTMLInjector: Sendable {
    /// The bytes inserted.
    var snippet: [UInt8]

    /// An injector for the `<script>` tag that loads ``LiveReloadScript``.
    static let liveReload = HTMLInjector(
        snippet: Array("<script src=\"\(LiveReloadScript.path)\" defer></script>".utf8)
    )

    /// The document with the snippet inserted.
    func inject(into html: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(html.count + snippet.count)
        guard let position = Self.lastClosingBody(in: html) else {
            result += html
            result += snippet
            return result
        }
        result += html[..<position]
        result += snippet
        result += html[position...]
        return result
    }
}

private extension HTMLInjector {
    static let closingBody = Array("</body".utf8)

    static func lastClosingBody(in html: [UInt8]) -> Int? {
        guard html.count >= closingBody.count else { return nil }
        var start = html.count - closingBody.count
        while start >= 0 {
            if matchesClosingBody(html, at: start) { return start }
            start -= 1
        }
        return nil
    }

    static func matchesClosingBody(_ html: [UInt8], at start: Int) -> Bool {
        for (offset, expected) in closingBody.enumerated() {
            var byte = html[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }
}
