/// A `path` field: a file of the site (`/files/x.pdf` from `content/`, or `x.pdf` beside the item)
/// that must exist.
public struct FilePath: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The path as the front matter writes it.
    public let path: String
    /// Where pages find the file: its address on the site, under the site's base path.
    public let url: String

    /// Only images keep the file under `content/` (see ``SiteFileValue``).
    init(path: String, url: String, contentPath: String? = nil) {
        self.path = path
        self.url = url
    }

    /// Reads the path from a string (Cellar's own decoding also checks and resolves it).
    public init(from decoder: any Decoder) throws {
        try self.init(writtenIn: decoder)
    }

    /// The file's ``url``.
    public var description: String { url }
}
