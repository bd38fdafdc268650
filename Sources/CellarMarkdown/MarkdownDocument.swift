/// A rendered Markdown body and what Cellar learns from it in the same pass.
package struct MarkdownDocument: Sendable, Hashable {
    /// The HTML of the body.
    package var html: String
    /// The plain text of the first paragraph (for summaries), whitespace collapsed.
    package var firstParagraph: String
    /// Words in the text (including inline code and code blocks).
    package var wordCount: Int
    /// Every link and image target, in order.
    package var references: [MarkdownReference]
    /// The `id`s given to headings, in order (`## Getting started` → `getting-started`).
    package var headingIDs: [String]
    /// Every heading with its level, id and plain text, in order (for a table of contents).
    package var headings: [MarkdownHeading] = []
    /// The plain text before a `<!--more-->` summary marker, whitespace collapsed; nil when there is no marker.
    package var textBeforeMore: String?
    /// Prose words, CJK characters and code words, counted apart.
    package var counts = MarkdownTextCounts()
    /// Footnote references without a note and notes nobody refers to, with where they are written.
    package var footnoteProblems: [MarkdownFootnoteProblem] = []
    /// `{{<` that could not be read as a shortcode call, and closing tags that close nothing.
    package var shortcodeProblems: [MarkdownShortcodeProblem] = []
}
