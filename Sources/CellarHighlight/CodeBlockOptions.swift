/// How a code block is laid out around its highlighted code: Hugo's per-block options
/// (`{linenos=table hl_lines=[2,"4-5"] linenostart=10}`), parsed by ``CodeBlockAttributes``.
package struct CodeBlockOptions: Sendable, Hashable {
    /// Line numbers beside the code, or none.
    package var lineNumbers: LineNumberStyle?
    /// The number of the first line (Hugo's `linenostart`).
    package var firstLineNumber: Int
    /// Lines to mark, counted from 1 at the block's first line whatever `firstLineNumber` is
    /// (as Hugo counts `hl_lines`).
    package var markedLines: [ClosedRange<Int>]

    package init(lineNumbers: LineNumberStyle? = nil, firstLineNumber: Int = 1, markedLines: [ClosedRange<Int>] = []) {
        self.lineNumbers = lineNumbers
        self.firstLineNumber = firstLineNumber
        self.markedLines = markedLines
    }

    /// Whether line `index` (1 at the block's first line) is marked.
    func isMarked(_ index: Int) -> Bool {
        markedLines.contains { $0.contains(index) }
    }
}

/// Where line numbers go. Either way the numbers are drawn by CSS from `data-ln` on empty,
/// `aria-hidden` elements: copying the code never copies them, and screen readers skip them.
package enum LineNumberStyle: String, Sendable, Hashable, CaseIterable {
    /// A column of its own beside the code (Hugo's `linenos=table`, and `linenos=true`).
    case table
    /// At the start of each line (Hugo's `linenos=inline`).
    case inline
}
