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
        try self.init(writtenIn: decoder)
    }
}
