/// Makes root-relative links absolute in HTML for feeds (`href="/x"` → `href="https://host/x"`).
enum HTMLAbsolutizer {
    /// - Parameters:
    ///   - origin: `https://example.org`, for root-relative links (`/blog/x/`).
    ///   - page: the absolute URL of the page the HTML comes from, for page-relative links (`#notes`, `x.png`).
    static func absolutize(_ html: String, origin: String, page: String) -> String {
        guard html.contains(" href=\"") || html.contains(" src=\"") else { return html }
        let pageFolder = page.hasSuffix("/") ? page : String(page[...(page.lastIndex(of: "/") ?? page.startIndex)])
        let pageWithoutFragment = String(page.prefix { $0 != "#" })
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let marker = firstAttribute(in: rest) {
            result += rest[..<marker.upperBound]
            rest = rest[marker.upperBound...]
            let value = rest.prefix { $0 != "\"" }
            if value.hasPrefix("//") || URLCheck.scheme(of: String(value)) != nil || value.isEmpty {
                continue   // already absolute (or empty)
            } else if value.hasPrefix("/") {
                result += origin
            } else if value.hasPrefix("#") || value.hasPrefix("?") {
                result += pageWithoutFragment
            } else {
                result += pageFolder
            }
        }
        result += rest
        return result
    }

    /// The first ` href="` or ` src="` in `text`.
    private static func firstAttribute(in text: Substring) -> Range<Substring.Index>? {
        let href = text.range(of: " href=\"")
        let src = text.range(of: " src=\"")
        switch (href, src) {
        case let (h?, s?): return h.lowerBound < s.lowerBound ? h : s
        default: return href ?? src
        }
    }
}
