/// How a heading's text becomes its `id` — the style of the generator a site's links were written
/// for, so that `[x](#contributors-to-1310)` keeps finding its heading after an import.
package enum AnchorStyle: String, Sendable, Hashable, CaseIterable {
    /// Cellar's own: lower case, runs of spaces and hyphens one hyphen (`a - b` → `a-b`).
    case cellar
    /// GitHub's, as Goldmark (Hugo) and kramdown's GFM parser (Jekyll's default) make them: lower
    /// case, every space and hyphen a hyphen, other punctuation dropped (`1.31.0` → `1310`, `a - b` →
    /// `a---b`); an empty one is `heading`.
    case github
    /// kramdown's own parser (Jekyll with `input: kramdown`): ASCII letters, digits, spaces and hyphens
    /// kept from the first letter on, spaces made hyphens (`3. Setup` → `setup`); an empty one is `section`.
    case kramdown
}

extension AnchorStyle {
    /// The `id` this style makes of `text` (a heading's, a term's, a file's base name).
    package func slug(_ text: String) -> String { AnchorSlug.make(text, style: self) }
}
