/// A rendered Markdown body and what Cellar learns from it in the same pass.
public struct MarkdownDocument: Sendable, Hashable {
    /// The HTML of the body.
    public var html: String
    /// The plain text of the first paragraph (for summaries), whitespace collapsed.
    public var firstParagraph: String
    /// Words in the text (including inline code and code blocks).
    public var wordCount: Int
    /// Every link and image target, in order.
    public var references: [MarkdownReference]
    /// The `id`s given to headings, in order (`## Getting started` → `getting-started`).
    public var headingIDs: [String]
}
