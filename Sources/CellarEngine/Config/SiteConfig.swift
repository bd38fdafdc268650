import CellarDiagnostics
import CellarMarkdown
import Foundation

/// The site settings: the typed front matter of `content/_index.md`.
public struct SiteConfig: Sendable {
    public var title: String
    public var description: String?
    public var url: SiteURL
    /// Whether `base_url` was set (feeds and sitemaps need a real one).
    public var hasBaseURL: Bool
    /// `links:`: prefixes served by other software on this host, and what a broken link is to a build.
    public var links: LinkPolicy = .default
    public var language: String
    public var timeZone: TimeZone
    public var theme: String
    public var author: String?
    public var defaultKind: String?
    public var paginate: Int
    public var homeItems: Int
    public var feedItems: Int
    public var copyrightHTML: String?
    public var markdown: MarkdownOptions
    /// Whether fenced code blocks that name a language are highlighted (`markdown: {highlight: …}`).
    public var highlightsCode: Bool
    /// `menu:` as written; nil: the navigation is the top-level sections.
    public var menu: [MenuEntry]?
    /// `tags: {similar_ok: [[rust, rest]]}`: groups of tags that look alike on purpose.
    public var similarTags: [[String]]
    /// The home page's introduction: the body of `content/_index.md`, rendered.
    public var introHTML: String
    public var introMarkdown: String
    public var introFirstLine: Int
    /// `content/_index.md` as shown in messages.
    public var file: String
    /// Where each setting was written, for messages about its value.
    public var locations: [String: SourceLocation]
    /// Hash of `content/_index.md`: a changed file may change every page.
    public var sourceHash: UInt64

    static let fallbackURL = SiteURL("http://localhost/")!
}
