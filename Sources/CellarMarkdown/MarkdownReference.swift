/// A link or image target found in a Markdown body, offered to the caller to check and rewrite.
package struct MarkdownReference: Sendable, Hashable {
    package enum Kind: Sendable, Hashable { case link, image }

    package var kind: Kind
    /// The destination as written.
    package var destination: String
    /// 1-based line within the Markdown source.
    package var line: Int
    /// 1-based column within that line (of the destination when it could be found, else of the block).
    package var column: Int
    /// For images: whether the alt text is empty.
    package var hasEmptyAlt: Bool
}
