/// An `image` field: a picture of the site (`/images/x.png` from `content/`, or `x.png` beside the
/// item) that must exist, or an `https` URL.
public struct ImagePath: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The path as the front matter writes it.
    public let path: String
    /// Where pages find the image: its address on the site (under the site's base path), or the remote URL.
    public let url: String
    /// The file under `content/` (nil for a remote image): where the build's processed variants are found.
    let contentPath: String?

    init(path: String, url: String, contentPath: String? = nil) {
        self.path = path
        self.url = url
        self.contentPath = contentPath
    }

    /// Reads the path from a string (Cellar's own decoding also checks and resolves it).
    public init(from decoder: any Decoder) throws {
        try self.init(writtenIn: decoder)
    }

    /// The image's ``url``.
    public var description: String { url }
}
