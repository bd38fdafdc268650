import CellarDiagnostics

/// One entry of the site's `menu:` as written: a section, a page or a link, with an optional label.
package struct MenuEntry: Sendable, Hashable {
    package enum Target: Sendable, Hashable {
        /// A name under `content/` that may be a section or a page (`blog`, `about`).
        case content(String)
        case section(String)
        case page(String)
        /// An address off the site (`https://…`, `mailto:…`) or a path on it (`/tags/`).
        case link(String)
    }

    package var target: Target
    package var label: String?
    /// Where the entry's target is written in `content/_index.md`.
    package var location: SourceLocation
}
