import CellarDiagnostics
import CellarMarkdown
import Foundation

/// A folder of `content/` with an `_index.md`: its settings and its place in the site.
public struct ContentSection: Sendable, Identifiable {
    /// The folder, relative to `content/`: `reviews`, `docs/guides`.
    public var id: String
    public var parentID: String?
    public var title: String
    public var description: String?
    public var kind: String?
    public var sort: SortKey
    public var ascending: Bool
    public var grouping: Grouping
    public var paginate: Int?
    public var permalink: PermalinkPattern?
    public var homeItems: Int?
    public var weight: Int
    public var hasFeed: Bool
    /// The layout of its list pages (`layout: gallery` → `layouts/gallery.html`); nil: `list`.
    public var layout: String?
    /// `language:` as written, canonical case: its items' language unless they name one; nil: its
    /// parent section's, else the site's.
    var language: String?
    public var introHTML: String
    public var introMarkdown: String
    public var introFirstLine: Int
    public var url: URLPath
    public var file: String
    public var locations: [String: SourceLocation]
    public var sourceHash: UInt64
}
