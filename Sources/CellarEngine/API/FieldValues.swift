/// An `image` field: a picture of the site (`/images/x.png` from `content/`, or `x.png` beside the
/// item) that must exist, or an `https` URL.
public struct ImagePath: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The path as the front matter writes it.
    public let path: String
    /// Where pages find the image: its address on the site (under the site's base path), or the remote URL.
    public let url: String
    /// The file, relative to `content/` (nil for remote URLs).
    let contentPath: String?

    init(path: String, url: String, contentPath: String?) {
        self.path = path
        self.url = url
        self.contentPath = contentPath
    }

    /// Reads the path from a string (Cellar's own decoding also checks and resolves it).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(path: text, url: text, contentPath: nil)
    }

    /// The image's ``url``.
    public var description: String { url }
}

/// A `path` field: a file of the site (`/files/x.pdf` from `content/`, or `x.pdf` beside the item)
/// that must exist.
public struct FilePath: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The path as the front matter writes it.
    public let path: String
    /// Where pages find the file: its address on the site, under the site's base path.
    public let url: String
    /// The file, relative to `content/`.
    let contentPath: String?

    init(path: String, url: String, contentPath: String?) {
        self.path = path
        self.url = url
        self.contentPath = contentPath
    }

    /// Reads the path from a string (Cellar's own decoding also checks and resolves it).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(path: text, url: text, contentPath: nil)
    }

    /// The file's ``url``.
    public var description: String { url }
}

/// A `markdown` field: block Markdown, rendered with the site's Markdown settings.
public struct Markdown: Decodable, Sendable, Hashable {
    /// The Markdown as written.
    public let source: String
    /// The rendered HTML; write it with ``HTML/raw(_:)-(Markdown)``.
    public let html: String

    init(source: String, html: String) {
        self.source = source
        self.html = html
    }

    /// Reads the Markdown from a string; only Cellar's own decoding renders it (else `html` is the escaped text).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(source: text, html: HTMLEscaping.escape(text))
    }
}

/// A `text` field: one line of inline Markdown (emphasis, code, links), rendered without a paragraph.
public struct InlineMarkdown: Decodable, Sendable, Hashable {
    /// The Markdown as written.
    public let source: String
    /// The rendered HTML; write it with ``HTML/raw(_:)-(InlineMarkdown)``.
    public let html: String

    init(source: String, html: String) {
        self.source = source
        self.html = html
    }

    /// Reads the Markdown from a string; only Cellar's own decoding renders it (else `html` is the escaped text).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(source: text, html: HTMLEscaping.escape(text))
    }
}
