/// A link or image target found in a Markdown body, offered to the caller to check and rewrite.
public struct MarkdownReference: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case link, image }

    public var kind: Kind
    /// The destination as written.
    public var destination: String
    /// 1-based line within the Markdown source.
    public var line: Int
    /// 1-based column within that line (of the destination when it could be found, else of the block).
    public var column: Int
    /// For images: whether the alt text is empty.
    public var hasEmptyAlt: Bool
}
