import CellarDiagnostics
import Foundation

/// One content file, typed by its kind's schema: the data a cell and an item page draw.
///
/// A value made of two immutable parts — what the file says (``Source``) and its rendered body
/// (``Body``) — so copying an item, which every stage does ten thousand times, costs two
/// reference counts rather than one per field.
public struct Item: Sendable, Identifiable {
    /// What the content file says: front matter typed, URL worked out.
    public final class Source: Sendable {
        public let id: String
        public let file: String
        public let sectionID: String
        public let kind: String
        public let hasPage: Bool
        public let title: String
        public let date: Date?
        public let updated: Date?
        public let slug: String
        public let tags: [String]
        public let draft: Bool
        public let expires: Date?
        public let weight: Int
        public let aliases: [String]
        public let fields: [String: TypedField]
        public let url: URLPath
        public let anchor: String
        public let bundleDirectory: String?
        public let markdown: String
        public let bodyFirstLine: Int
        public let summary: String
        public let sourceHash: UInt64
        /// The title lower-cased once, for sorting.
        let sortTitle: String

        init(id: String, file: String, sectionID: String, kind: String, hasPage: Bool, title: String, date: Date?,
             updated: Date?, slug: String, tags: [String], draft: Bool, expires: Date?, weight: Int, aliases: [String],
             fields: [String: TypedField], url: URLPath, anchor: String, bundleDirectory: String?, markdown: String,
             bodyFirstLine: Int, summary: String, sourceHash: UInt64) {
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
            self.sortTitle = title.utf8.allSatisfy { $0 < 0x80 } ? title.lowercased()
                : title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
    }

    /// The Markdown body, rendered.
    public final class Body: Sendable {
        public let html: String
        /// Plain text from the first paragraph (used when the front matter has no `summary`).
        public let summary: String
        public let wordCount: Int
        /// Headings' ids (for `#anchor` checks).
        public let anchors: [String]

        init(html: String, summary: String, wordCount: Int, anchors: [String]) {
            self.html = html
            self.summary = summary
            self.wordCount = wordCount
            self.anchors = anchors
        }

        static let unrendered = Body(html: "", summary: "", wordCount: 0, anchors: [])
    }

    public let source: Source
    public var body: Body
    /// Changes whenever anything a template can read of the item changes (source, URL, resolved links).
    public var revision: UInt64 = 0

    init(source: Source, body: Body = .unrendered) {
        self.source = source
        self.body = body
    }

    /// The item without the Markdown of its body, once the body is rendered, for a build that will
    /// not render it again (`cellar build`): at 100,000 items the sources are a quarter of the memory.
    func withoutMarkdown() -> Item {
        let old = source
        var item = Item(source: Source(
            id: old.id, file: old.file, sectionID: old.sectionID, kind: old.kind, hasPage: old.hasPage, title: old.title,
            date: old.date, updated: old.updated, slug: old.slug, tags: old.tags, draft: old.draft, expires: old.expires,
            weight: old.weight, aliases: old.aliases, fields: old.fields, url: old.url, anchor: old.anchor,
            bundleDirectory: old.bundleDirectory, markdown: "", bodyFirstLine: old.bodyFirstLine, summary: old.summary,
            sourceHash: old.sourceHash), body: body)
        item.revision = revision
        return item
    }

    /// The source, relative to `content/`: `reviews/dune.md` or `reviews/dune/index.md`.
    public var id: String { source.id }
    /// The source as shown in messages: `content/reviews/dune.md`.
    public var file: String { source.file }
    /// The content section it belongs to (`""` for items at the top of `content/`).
    public var sectionID: String { source.sectionID }
    public var kind: String { source.kind }
    public var hasPage: Bool { source.hasPage }
    public var title: String { source.title }
    public var date: Date? { source.date }
    public var updated: Date? { source.updated }
    public var slug: String { source.slug }
    /// Tags as written, without repeats.
    public var tags: [String] { source.tags }
    public var draft: Bool { source.draft }
    public var expires: Date? { source.expires }
    public var weight: Int { source.weight }
    public var aliases: [String] { source.aliases }
    /// Every typed field of the front matter, common and kind-specific, defaults applied.
    public var fields: [String: TypedField] { source.fields }
    /// Its page's address (also set for kinds without pages: it is where their anchor lives).
    public var url: URLPath { source.url }
    /// The `id` of its cell in lists: `item-reviews-dune`.
    public var anchor: String { source.anchor }
    /// `reviews/dune` when the item is a bundle whose files are copied beside its page.
    public var bundleDirectory: String? { source.bundleDirectory }
    /// The line of the file the Markdown body starts on.
    public var bodyFirstLine: Int { source.bodyFirstLine }
    public var sourceHash: UInt64 { source.sourceHash }

    public var contentHTML: String { body.html }
    /// Plain text: `summary:` from the front matter, else the first paragraph.
    public var summary: String { source.summary.isEmpty ? body.summary : source.summary }
    public var wordCount: Int { body.wordCount }
    public var anchors: [String] { body.anchors }

    /// Minutes to read at 220 words a minute, at least 1.
    public var readingTime: Int { max(1, Int((Double(wordCount) / 220).rounded(.up))) }

    /// The first line of the file, where whole-file problems are reported.
    public var location: SourceLocation { SourceLocation(file: file) }

    /// The folder relative references start from.
    var directory: String { Paths.parent(of: id) }
}
