/// A page's address inside the site, without the base path and without a leading slash:
/// `""` is the home page, `"blog/"` a section, `"blog/dune/"` an item, `"feed.xml"` a file.
package struct URLPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let value: String

    package init(_ value: String) {
        var trimmed = Substring(value)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        self.value = String(trimmed)
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package static let root = URLPath("")

    /// A folder URL (`blog/`) names a page written as `blog/index.html`.
    package var isFolder: Bool { value.isEmpty || value.hasSuffix("/") }

    /// The file this URL is written to, relative to the output folder.
    var outputFile: String { isFolder ? value + "index.html" : value }

    /// `blog/` + `page/2/` = `blog/page/2/`.
    package func appending(_ component: String) -> URLPath {
        URLPath((isFolder ? value : value + "/") + component)
    }

    /// `/blog/dune/` — the form people write and read in messages.
    package var description: String { "/" + value }

    package static func < (lhs: URLPath, rhs: URLPath) -> Bool { lhs.value < rhs.value }
}
