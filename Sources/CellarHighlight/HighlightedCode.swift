/// A code block drawn as HTML, with what the author should hear about it.
package struct HighlightedCode: Sendable, Hashable {
    /// The block: a `<pre class="highlight">` (inside a `<div class="highlight-table">` with
    /// `linenos=table`), everything escaped.
    package var html: String
    /// What the fence's language name selected.
    package var language: LanguageLookup
    /// Whether the code was highlighted (false: drawn as plain escaped code).
    package var isHighlighted: Bool
    /// Unknown language or options, marked lines past the end, a block the library refused.
    package var problems: [HighlightProblem]
}
