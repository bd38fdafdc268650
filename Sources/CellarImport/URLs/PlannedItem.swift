import CellarDiagnostics

/// A post or page as it will be written into the new site, with its old and new URL.
struct PlannedItem: Sendable {
    /// How the source's URL of an item fares in the new site.
    enum URLOutcome: Sendable, Equatable {
        /// Published at exactly the old path.
        case kept
        /// Published elsewhere; the old path redirects to it (an alias).
        case redirected
        /// Published elsewhere, and the old path cannot be kept even as a redirect.
        case changed
        /// The source's rules gave no URL (or the item is a draft nobody could visit).
        case unknown
    }

    var document: SourceDocument
    var fields: MappedFields
    /// Where the source published it (`/2020/01/02/hello.html`); nil when its rules cannot say.
    var oldURL: String?
    /// Where it is written under `content/`.
    var target: String
    /// The `slug:` to write (nil: the file name gives the right one).
    var slug: String?
    /// Every alias to write: the source's own, then the redirect from the old URL.
    var aliases: [String] = []
    /// `/vi` for a page in Vietnamese on a multilingual site: what both its old and new URL start with.
    var urlPrefix = ""
    /// `translation_key:` to write: when its translations end up at paths that no longer link them.
    var translationKey: String?
    /// Where Cellar publishes it (`/2020/01/02/hello/`).
    var newURL: String = "/"
    var outcome: URLOutcome = .unknown
    /// The date the item's front matter gets (the source's, or a file date when it had none).
    var date: LooseDate?
}

/// A section of the new site: a folder with an `_index.md`.
struct PlannedSection: Sendable {
    var folder: String
    var title: String
    var description: String?
    /// A Cellar permalink pattern, when the folder's default (`/section/:slug/`) does not give the old URLs.
    var permalink: String?
    /// The `_index.md` of the source, when it had one (its body becomes the section's introduction).
    var index: SourceDocument?
    /// Hugo's `weight:` of the section.
    var weight: Int?
}
