import CellarDiagnostics
import CellarFiles
import CellarMarkdown
import Foundation

/// One content file, typed by its kind's schema: the data a cell and an item page draw.
///
/// A value made of two immutable parts — what the file says (``Source``) and its rendered body
/// (``Body``) — so copying an item, which every stage does ten thousand times, costs two
/// reference counts rather than one per field.
package struct ContentItem: Sendable, Identifiable {
    /// What the content file says: front matter typed, URL worked out.
    package final class Source: Sendable {
        package let id: String
        package let file: String
        let sectionID: String
        package let kind: String
        package let hasPage: Bool
        package let title: String
        package let date: Date?
        package let updated: Date?
        package let slug: String
        package let tags: [String]
        package let draft: Bool
        package let expires: Date?
        package let weight: Int
        package let aliases: [String]
        package let fields: [String: TypedField]
        package let url: URLPath
        package let anchor: String
        let bundleDirectory: String?
        package let markdown: String
        package let bodyFirstLine: Int
        package let summary: String
        let sourceHash: UInt64
        /// Its BCP 47 language in canonical case: `language:` from its front matter, else its section's
        /// (or a section's above it), else the site's.
        let language: String
        /// On a multilingual site, which of its languages the item belongs to (its file's suffix,
        /// `post.vi.md`, else the default language): which lists, feeds and tag pages show it.
        /// On a site in one language, the site's language.
        let siteLanguage: String
        /// What links it to its translations: `translation_key:`, else its path without its
        /// language (`blog/post.md` for `blog/post.vi.md`).
        let translationKey: String
        /// The front matter decoded as its Swift kind, when the kind is a Swift ``Kind``.
        let swiftValue: (any Kind)?
        /// The title lower-cased once, for sorting.
        let sortTitle: String

        init(id: String, file: String, sectionID: String, kind: String, hasPage: Bool, title: String, date: Date?,
             updated: Date?, slug: String, tags: [String], draft: Bool, expires: Date?, weight: Int, aliases: [String],
             fields: [String: TypedField], url: URLPath, anchor: String, bundleDirectory: String?, markdown: String,
             bodyFirstLine: Int, summary: String, sourceHash: UInt64, language: String, siteLanguage: String? = nil,
             translationKey: String? = nil, swiftValue: (any Kind)? = nil) {
            self.id = id
            self.file = file
            self.sectionID = sectionID
            self.kind = kind
            self.hasPage = hasPage
            self.title = title
            self.date = date
            self.updated = updated
            self.slug = slug
            self.tags = tags
            self.draft = draft
            self.expires = expires
            self.weight = weight
            self.aliases = aliases
            self.fields = fields
            self.url = url
            self.anchor = anchor
            self.bundleDirectory = bundleDirectory
            self.markdown = markdown
            self.bodyFirstLine = bodyFirstLine
            self.summary = summary
            self.sourceHash = sourceHash
            self.language = language
            self.siteLanguage = siteLanguage ?? language
            self.translationKey = translationKey ?? id
            self.swiftValue = swiftValue
            self.sortTitle = title.utf8.allSatisfy { $0 < 0x80 } ? title.lowercased()
                : title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }

        /// The same source with another Markdown body: none, once the body is rendered for good
        /// (``ContentItem/withoutMarkdown()``), or its file's, for a source kept without it (``KeptItems``).
        func with(markdown: String) -> Source {
            Source(id: id, file: file, sectionID: sectionID, kind: kind, hasPage: hasPage, title: title, date: date,
                   updated: updated, slug: slug, tags: tags, draft: draft, expires: expires, weight: weight,
                   aliases: aliases, fields: fields, url: url, anchor: anchor, bundleDirectory: bundleDirectory,
                   markdown: markdown, bodyFirstLine: bodyFirstLine, summary: summary, sourceHash: sourceHash,
                   language: language, siteLanguage: siteLanguage, translationKey: translationKey, swiftValue: swiftValue)
        }
    }

    /// The Markdown body, rendered.
    package final class Body: Sendable {
        package let html: String
        /// Plain text before `<!--more-->`, else from the first paragraph (used when the front matter
        /// has no `summary`).
        package let summary: String
        /// Words of prose, each Chinese or Japanese character one (as word processors count them);
        /// code apart (``counts``).
        package let wordCount: Int
        /// Every heading with its level, id and text, in order (a table of contents; `#anchor` checks).
        package let headings: [MarkdownHeading]
        /// Prose words, CJK characters and code words, counted apart.
        package let counts: MarkdownTextCounts
        /// Its links to addresses of the site that only the finished site can confirm.
        let pageLinks: [PageLink]
        /// Every link and image written in it, for `cellar check`; nil when the build did not
        /// collect them (``BuildOptions/collectsReferences``).
        let references: [BodyReference]?

        init(html: String, summary: String, headings: [MarkdownHeading], counts: MarkdownTextCounts, pageLinks: [PageLink] = [],
             references: [BodyReference]? = nil) {
            self.html = html
            self.summary = summary
            self.wordCount = counts.proseWords + counts.cjkCharacters
            self.headings = headings
            self.counts = counts
            self.pageLinks = pageLinks
            self.references = references
        }

        static let unrendered = Body(html: "", summary: "", headings: [], counts: MarkdownTextCounts())
    }

    package let source: Source
    package var body: Body
    /// Changes whenever anything a template can read of the item changes (source, URL, resolved links).
    var revision: UInt64 = 0

    init(source: Source, body: Body = .unrendered, revision: UInt64 = 0) {
        self.source = source
        self.body = body
        self.revision = revision
    }

    /// The item without the Markdown of its body, once the body is rendered, for a build that will
    /// not render it again (`cellar build`): at 100,000 items the sources are a quarter of the memory.
    func withoutMarkdown() -> ContentItem {
        ContentItem(source: source.with(markdown: ""), body: body, revision: revision)
    }

    /// The source, relative to `content/`: `reviews/dune.md` or `reviews/dune/index.md`.
    package var id: String { source.id }
    /// The source as shown in messages: `content/reviews/dune.md`.
    package var file: String { source.file }
    /// The content section it belongs to (`""` for items at the top of `content/`).
    var sectionID: String { source.sectionID }
    package var kind: String { source.kind }
    package var hasPage: Bool { source.hasPage }
    package var title: String { source.title }
    package var date: Date? { source.date }
    package var updated: Date? { source.updated }
    package var slug: String { source.slug }
    /// Tags as written, without repeats.
    package var tags: [String] { source.tags }
    package var draft: Bool { source.draft }
    package var expires: Date? { source.expires }
    package var weight: Int { source.weight }
    package var aliases: [String] { source.aliases }
    /// Every typed field of the front matter, common and kind-specific, defaults applied.
    package var fields: [String: TypedField] { source.fields }
    /// Its page's address (also set for kinds without pages: it is where their anchor lives).
    package var url: URLPath { source.url }
    /// The `id` of its cell in lists: `item-reviews-dune`.
    package var anchor: String { source.anchor }
    /// `reviews/dune` when the item is a bundle whose files are copied beside its page.
    var bundleDirectory: String? { source.bundleDirectory }
    /// The line of the file the Markdown body starts on.
    package var bodyFirstLine: Int { source.bodyFirstLine }
    var sourceHash: UInt64 { source.sourceHash }

    var contentHTML: String { body.html }
    /// Plain text: `summary:` from the front matter, else the first paragraph.
    package var summary: String { source.summary.isEmpty ? body.summary : source.summary }
    /// Words of prose, each Chinese or Japanese character one; code not included.
    package var wordCount: Int { body.wordCount }
    /// Its language (BCP 47, canonical case): its own `language:`, else its section's, else the site's.
    var language: String { source.language }
    /// The site language it is listed in (see ``Source/siteLanguage``): search indexes each language's items apart by it.
    var siteLanguage: String { source.siteLanguage }
    /// What links it to its translations (see ``Source/translationKey``).
    var translationKey: String { source.translationKey }

    /// Minutes to read it, by script and language (see ``ReadingTime``), at least 1.
    package var readingTime: Int { ReadingTime.minutes(body.counts, language: source.language) }

    /// The first line of the file, where whole-file problems are reported.
    package var location: SourceLocation { SourceLocation(file: file) }

    /// The folder relative references start from.
    var directory: String { Paths.parent(of: id) }
}
