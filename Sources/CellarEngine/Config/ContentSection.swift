import CellarDiagnostics
import CellarMarkdown
import Foundation

/// A folder of `content/` with an `_index.md`: its settings and its place in the site.
package struct ContentSection: Sendable, Identifiable {
    /// The folder, relative to `content/`: `reviews`, `docs/guides`.
    package var id: String
    var parentID: String?
    package var title: String
    package var description: String?
    package var kind: String?
    package var sort: SortKey
    var ascending: Bool
    package var grouping: Grouping
    package var paginate: Int?
    package var permalink: PermalinkPattern?
    package var homeItems: Int?
    package var weight: Int
    var hasFeed: Bool
    /// `search:` as written: whether its items are searched (nil: its parent's say, else yes).
    package var search: Bool? = nil
    /// `keep_location:` as written: whether its items' photos keep their EXIF, GPS included (nil:
    /// its parent section's say, else the site's `images.keep_location`).
    package var keepLocation: Bool? = nil
    /// The layout of its list pages (`layout: gallery` → `layouts/gallery.html`); nil: `list`.
    package var layout: String?
    /// `language:` as written, canonical case: its items' language unless they name one; nil: its
    /// parent section's, else the site's.
    var language: String?
    var introHTML: String
    var introMarkdown: String
    var introFirstLine: Int
    package var url: URLPath
    package var file: String
    package var locations: [String: SourceLocation]
    var sourceHash: UInt64
    /// Its words in the site's other languages (`_index.vi.md` beside its `_index.md`), by language code.
    package var translations: [String: IndexTranslation] = [:]
}

/// A section's (or the home page's) title, description and introduction in another language of
/// the site: the front matter and body of `_index.<code>.md`.
package struct IndexTranslation: Sendable, Hashable {
    package var title: String?
    package var description: String?
    var introMarkdown: String
    var introFirstLine: Int
    var introHTML: String = ""
    package var file: String
    var sourceHash: UInt64
}
