/// The site's `base_url`, split into the origin (`https://example.org`) and the base path
/// (`/blog/`), so every link works when the site lives below the root of its host.
package struct SiteURL: Sendable, Hashable, CustomStringConvertible {
    /// `https://example.org` — scheme and host, no trailing slash.
    package let origin: String
    /// `/` or `/sub/path/` — always starts and ends with a slash.
    package let basePath: String

    /// Parses an absolute http(s) URL; nil when it is not one.
    package init?(_ string: String) {
        guard let schemeEnd = string.range(of: "://") else { return nil }
        let scheme = string[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = string[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let host = rest[..<hostEnd]
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "@" || $0 == "\\" }) else { return nil }
        var path = String(rest[hostEnd...])
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        origin = scheme + "://" + host
        basePath = path
    }

    package var description: String { origin + basePath }

    /// The link to put in `href`: `/sub/path/blog/dune/`. The path names files of the output, so a
    /// `%`, `#` or `?` in it is escaped like any other character of a name.
    package func href(_ path: URLPath) -> String {
        basePath + URLEncoding.encodeLiteralPath(path.value)
    }

    /// The absolute URL: `https://example.org/sub/path/blog/dune/`.
    package func absolute(_ path: URLPath) -> String {
        origin + href(path)
    }

    /// A `url` field's value as pages print it: one on this site (`/about/`) under the base path,
    /// anything else (`https://…`, `//cdn…`, `mailto:…`, `notes/`) as written.
    package func href(written text: String) -> String {
        Self.isSiteRelative(text) ? basePath + URLEncoding.encodePath(String(text.dropFirst())) : text
    }

    /// A `url` field's value as feeds print it: absolute when it is on this site.
    package func absolute(written text: String) -> String {
        Self.isSiteRelative(text) ? origin + href(written: text) : text
    }

    private static func isSiteRelative(_ text: String) -> Bool {
        text.hasPrefix("/") && !text.hasPrefix("//")
    }
}
