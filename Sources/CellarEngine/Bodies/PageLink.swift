import CellarDiagnostics

/// A link written in Markdown to an address of the site that is not a file under `content/`
/// (`/about/`, `../dune/`, `/books/project-hail-mary/`): whether a page is published there is known
/// only once every page is, so it is checked then (``PageLinkCheck``) — by `cellar build` and
/// `cellar check` alike.
struct PageLink: Sendable, Hashable {
    /// The address as the page has it (with the base path).
    var href: String
    /// The destination as written in Markdown.
    var written: String
    var isImage: Bool
    var location: SourceLocation
}
