/// A page's address inside the site, without the base path and without a leading slash:
/// `""` is the home page, `"blog/"` a section, `"blog/dune/"` an item, `"feed.xml"` a file.
public struct URLPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let value: String

    public init(_ value: String) {
        var trimmed = Substring(value)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        self.value = String(trimmed)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public static let root = URLPath("")

    /// A folder URL (`blog/`) names a page written as `blog/index.html`.
    public var isFolder: Bool { value.isEmpty || value.hasSuffix("/") }

    /// The file this URL is written to, relative to the output folder.
    public var outputFile: String { isFolder ? value + "index.html" : value }

    /// `blog/` + `page/2/` = `blog/page/2/`.
    public func appending(_ component: String) -> URLPath {
        URLPath((isFolder ? value : value + "/") + component)
    }

    /// `/blog/dune/` — the form people write and read in messages.
    public var description: String { "/" + value }

    public static func < (lhs: URLPath, rhs: URLPath) -> Bool { lhs.value < rhs.value }
}
