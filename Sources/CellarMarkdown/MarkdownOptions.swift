internal import CCmark

/// How Markdown is rendered: CommonMark switches, the GFM extensions and Cellar's own markup choices.
package struct MarkdownOptions: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Curly quotes, en and em dashes, ellipses.
    package static let smartPunctuation = MarkdownOptions(rawValue: Int(CMARK_OPT_SMART))
    /// Let raw HTML and dangerous URLs through (off by default: they are dropped).
    package static let allowRawHTML = MarkdownOptions(rawValue: Int(CMARK_OPT_UNSAFE))

    // Cellar's own bits, above every bit libcmark 0.30 defines (it never sees them).
    /// GFM pipe tables (``MarkdownExtension/table``).
    package static let table = MarkdownOptions(rawValue: 1 << 20)
    /// GFM strikethrough (``MarkdownExtension/strikethrough``).
    package static let strikethrough = MarkdownOptions(rawValue: 1 << 21)
    /// GFM extended autolinks (``MarkdownExtension/autolink``).
    package static let autolink = MarkdownOptions(rawValue: 1 << 22)
    /// GFM task list items (``MarkdownExtension/tasklist``).
    package static let tasklist = MarkdownOptions(rawValue: 1 << 23)
    /// GFM footnotes (``MarkdownExtension/footnotes``).
    package static let footnotes = MarkdownOptions(rawValue: 1 << 24)
    /// GFM's tag filter: with raw HTML allowed, `<script>`, `<style>`, `<iframe>`, `<textarea>`, `<title>`,
    /// `<xmp>`, `<noembed>`, `<noframes>` and `<plaintext>` are escaped (`&lt;script>`).
    package static let tagFilter = MarkdownOptions(rawValue: 1 << 25)
    /// Wraps each table in `<div class="table-scroll" role="group" tabindex="0" aria-label="Table: …">`, so
    /// a wide table scrolls inside its own box (with `overflow-x: auto` from the theme), keyboards can reach
    /// and scroll it (axe-core's `scrollable-region-focusable`) and screen readers name it by its header.
    /// A group rather than a region: tables with the same header on one page are no duplicate landmarks.
    package static let scrollableTables = MarkdownOptions(rawValue: 1 << 26)
    /// Writes a table column's alignment as `style="text-align: center"`, valid HTML5, instead of
    /// GFM's `align="center"`, which HTML5 calls obsolete (the Nu checker refuses it).
    package static let alignmentStyles = MarkdownOptions(rawValue: 1 << 28)
    /// Puts a task item's checkbox and the text of its first paragraph in one `<label>`, so the checkbox
    /// has an accessible name (axe-core's `label` rule) and screen readers read the task with its state.
    package static let labelledTaskItems = MarkdownOptions(rawValue: 1 << 27)

    /// Heading ids in GitHub's style (``AnchorStyle/github``); see ``anchorStyle``.
    static let githubAnchors = MarkdownOptions(rawValue: 1 << 29)
    /// Heading ids in kramdown's style (``AnchorStyle/kramdown``); see ``anchorStyle``.
    static let kramdownAnchors = MarkdownOptions(rawValue: 1 << 30)

    /// Definition lists, as Goldmark (Hugo) writes them: terms, then `: definition` lines (``DefinitionLists``).
    package static let definitionLists = MarkdownOptions(rawValue: 1 << 31)
    /// An id for each definition term, made like a heading's (Goldmark's `autoDefinitionTermID`).
    package static let definitionTermIDs = MarkdownOptions(rawValue: 1 << 32)

    /// How headings get their ids (`markdown: {anchors: github}`); Cellar's own style by default.
    package var anchorStyle: AnchorStyle {
        get { contains(.githubAnchors) ? .github : contains(.kramdownAnchors) ? .kramdown : .cellar }
        set {
            subtract([.githubAnchors, .kramdownAnchors])
            switch newValue {
            case .cellar: break
            case .github: insert(.githubAnchors)
            case .kramdown: insert(.kramdownAnchors)
            }
        }
    }

    /// Every GFM extension.
    package static let allExtensions = MarkdownOptions(extensions: MarkdownExtension.allCases)

    /// Smart punctuation, every GFM extension, the tag filter, and Cellar's markup: scrollable
    /// tables, alignment as styles, labelled task items.
    package static let `default`: MarkdownOptions = [
        .smartPunctuation, .allExtensions, .tagFilter, .scrollableTables, .alignmentStyles, .labelledTaskItems,
    ]

    /// Options with exactly these extensions switched on.
    package init(extensions: some Sequence<MarkdownExtension>) {
        self = extensions.reduce(into: []) { $0.insert($1.option) }
    }

    /// The extensions switched on, in ``MarkdownExtension/allCases`` order.
    package var extensions: [MarkdownExtension] {
        MarkdownExtension.allCases.filter { contains($0.option) }
    }

    /// The bits libcmark understands.
    var cmarkOptions: Int32 {
        Int32(truncatingIfNeeded: rawValue) & (CMARK_OPT_SMART | CMARK_OPT_UNSAFE)
    }
}
