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
    /// Every heading with its level, id and plain text, in order (for a table of contents).
    public var headings: [MarkdownHeading] = []
    /// The plain text before a `<!--more-->` summary marker, whitespace collapsed; nil when there is no marker.
    public var textBeforeMore: String?
    /// Prose words, CJK characters and code words, counted apart.
    public var counts = MarkdownTextCounts()
    /// Footnote references without a note and notes nobody refers to, with where they are written.
    public var footnoteProblems: [MarkdownFootnoteProblem] = []
    /// `{{<` that could not be read as a shortcode call, and closing tags that close nothing.
    public var shortcodeProblems: [MarkdownShortcodeProblem] = []
}
