/// A footnote that cannot be drawn as written, with its place in the Markdown source.
package struct MarkdownFootnoteProblem: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `[^label]` with no `[^label]:` note: it stays in the text as written.
        case undefinedReference
        /// A `[^label]:` note nothing refers to: it is left out of the HTML.
        case unusedDefinition
        /// A second `[^label]:` note with a label already defined: the first one is used.
        case duplicateDefinition
    }

    package var kind: Kind
    /// The label as written between `[^` and `]`.
    package var label: String
    /// 1-based line of the `[` within the Markdown source.
    package var line: Int
    /// 1-based column (in characters) of the `[` within that line.
    package var column: Int
}
