import CellarFiles
/// Works out where an `href` or `src` on a page of the built site leads: a file of the output,
/// nowhere, or somewhere the checker does not follow (other hosts, `mailto:`…).
struct HrefResolver: Sendable {
    var siteURL: SiteURL
    /// Every file of the output, relative to it (`blog/index.html`, `feed.xml`).
    var files: Set<String>
    /// `links:` from the site settings: addresses under its `outside` prefixes are not followed.
    var policy: LinkPolicy = .default

    enum Outcome: Sendable, Equatable {
        /// An absolute URL (any host), another scheme, or a link with nothing to check.
        case external
        /// A file of the output, and the fragment after `#` (decoded), if any.
        case file(String, fragment: String?)
        /// A site address nothing is published at.
        case missing(URLPath, fragment: String?)
        /// A relative path that climbs above the root of the site.
        case outside
        /// A root-relative path that does not start with the site's base path.
        case outsideBasePath
    }

    /// - Parameter page: the address of the page the link is on (relative links start from it).
    func resolve(_ href: String, from page: URLPath) -> Outcome {
        if let sitePath = plainSitePath(href) { return lookup(sitePath, fragment: nil) }
        var target = Self.trimmingHTMLSpace(href)
        var fragment: String?
        if let hash = target.firstIndex(of: "#") {
            let raw = String(target[target.index(after: hash)...])
            fragment = URLEncoding.decode(raw) ?? raw
            target = target[..<hash]
        }
        if let question = target.firstIndex(of: "?") { target = target[..<question] }
        if target.isEmpty {
            return fragment == nil ? .external : .file(page.outputFile, fragment: fragment)
        }
        var sitePath: String
        if URLCheck.isRemote(String(target)) {
            // Other hosts, mailto: and the like — and absolute URLs of the site's own host, which may
            // be served by something else (downloads, an API): only addresses the site writes are checked.
            return .external
        } else if target.hasPrefix("/") {
            guard target.hasPrefix(siteURL.basePath) || target + "/" == siteURL.basePath else { return .outsideBasePath }
            sitePath = String(target.dropFirst(min(target.count, siteURL.basePath.count)))
        } else {
            let folder = page.isFolder ? page.value : Paths.parent(of: page.value) + "/"
            sitePath = (folder == "/" ? "" : folder) + target
        }
        guard let normalized = Self.normalize(sitePath) else { return .outside }
        sitePath = URLEncoding.decode(normalized) ?? normalized
        return lookup(sitePath, fragment: fragment)
    }

    /// The address a page file is served at: `blog/index.html` → `/blog/`.
    static func pageURL(ofFile file: String) -> URLPath {
        if file == "index.html" { return .root }
        if file.hasSuffix("/index.html") { return URLPath(String(file.dropLast("index.html".count))) }
        return URLPath(file)
    }

    /// Removes `.` and `..`; nil when `..` climbs above the root. Keeps a trailing slash.
    private static func normalize(_ path: String) -> String? {
        let trailing = path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
        guard let parts = Paths.segments(of: path) else { return nil }
        let joined = parts.joined(separator: "/")
        return trailing && !joined.isEmpty ? joined + "/" : joined
    }

    /// `text` without what a browser's URL parser strips at either end: spaces and C0 control
    /// characters (tab, newlines…). Other Unicode spaces are part of the URL.
    static func trimmingHTMLSpace(_ text: String) -> Substring {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0.value <= 0x20 }
        }
        var trimmed = Substring(text)
        while let first = trimmed.first, isSpace(first) { trimmed.removeFirst() }
        while let last = trimmed.last, isSpace(last) { trimmed.removeLast() }
        return trimmed
    }

    // MARK: - Private

    /// What is at `sitePath` (from the root of the site, without the base path, normalised and decoded).
    private func lookup(_ sitePath: String, fragment: String?) -> Outcome {
        if policy.isOutside("/" + sitePath) { return .external }
        if sitePath.isEmpty || sitePath.hasSuffix("/") {
            let file = sitePath + "index.html"
            return files.contains(file) ? .file(file, fragment: fragment) : .missing(URLPath(sitePath), fragment: fragment)
        }
        if files.contains(sitePath) { return .file(sitePath, fragment: fragment) }
        if files.contains(sitePath + "/index.html") { return .file(sitePath + "/index.html", fragment: fragment) }
        return .missing(URLPath(sitePath), fragment: fragment)
    }

    /// The site path of the usual link — a path under the base path of printable ASCII with
    /// nothing to trim, cut, decode or resolve (no `#`, `?`, `%`, `\`, `//` or `/.`) — without the
    /// general path's work; nil for any other (which that path resolves alike).
    private func plainSitePath(_ href: String) -> String? {
        let bytes = href.utf8
        guard bytes.first == UInt8(ascii: "/"), href.hasPrefix(siteURL.basePath) else { return nil }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "#"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "%"),
                  byte != UInt8(ascii: "\\") else { return nil }
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return nil }
            previous = byte
        }
        return String(href.dropFirst(siteURL.basePath.count))
    }
}
