import CellarDiagnostics
import CellarHighlight
import CellarImages
import CellarMarkdown
import Foundation

/// The site settings: the typed front matter of `content/_index.md`.
package struct SiteConfig: Sendable {
    package var title: String
    package var description: String?
    package var url: SiteURL
    /// Whether `base_url` was set (feeds and sitemaps need a real one).
    var hasBaseURL: Bool
    /// `links:`: prefixes served by other software on this host, and what a broken link is to a build.
    package var links: LinkPolicy = .default
    /// `feed_aliases:`: other addresses the site's feed is also written at (an imported site's
    /// `/atom.xml`), each in the format its name says (see ``FeedCatalog/format(forAlias:)``).
    package var feedAliases: [URLPath] = []
    package var language: String
    /// `languages:`: the site's languages when it has several (empty otherwise).
    package var languages = SiteLanguages()
    /// The home page's introduction in the other languages (`content/_index.vi.md`), by code.
    var introTranslations: [String: IndexTranslation] = [:]
    package var timeZone: TimeZone
    package var theme: String
    package var author: String?
    package var defaultKind: String?
    package var paginate: Int
    package var homeItems: Int
    var feedItems: Int
    var copyrightHTML: String?
    package var markdown: MarkdownOptions
    /// Whether fenced code blocks that name a language are highlighted (`markdown: {highlight: …}`).
    var highlightsCode: Bool
    /// How much CPU time highlighting may take (`markdown: {highlight_seconds_per_block: …,
    /// highlight_seconds_per_file: …, highlight_seconds_per_build: …}`).
    var highlightLimits = HighlightLimits()
    /// `search:` as written: nil lets the theme decide (on when it has `layouts/search.html`).
    package var search: Bool?
    /// `images:`: whether images are processed, and how.
    var processesImages = true
    package var images = ImageSettings()
    /// `menu:` as written; nil: the navigation is the top-level sections.
    package var menu: [MenuEntry]?
    /// `tags: {similar_ok: [[rust, rest]]}`: groups of tags that look alike on purpose.
    var similarTags: [[String]]
    /// The home page's introduction: the body of `content/_index.md`, rendered.
    var introHTML: String
    var introMarkdown: String
    var introFirstLine: Int
    /// `content/_index.md` as shown in messages.
    package var file: String
    /// Where each setting was written, for messages about its value.
    package var locations: [String: SourceLocation]
    /// Hash of `content/_index.md`: a changed file may change every page.
    var sourceHash: UInt64

    static let fallbackURL = SiteURL("http://localhost/")!
}
