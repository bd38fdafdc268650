import CellarDiagnostics
import Foundation

/// One content file, typed by its kind's schema: the data a cell and an item page draw.
public struct Item: Sendable, Identifiable {
    /// The source, relative to `content/`: `reviews/dune.md` or `reviews/dune/index.md`.
    public let id: String
    /// The source as shown in messages: `content/reviews/dune.md`.
    public var file: String
    /// The content section it belongs to (`""` for items at the top of `content/`).
    public var sectionID: String
    public var kind: String
    public var hasPage: Bool
    public var title: String
    public var date: Date?
    public var updated: Date?
    public var slug: String
    /// Tags as written, without repeats.
    public var tags: [String]
    public var draft: Bool
    public var expires: Date?
    public var weight: Int
    public var aliases: [String]
    /// Every typed field of the front matter, common and kind-specific, defaults applied.
    public var fields: [String: TypedField]
    /// Its page's address (also set for kinds without pages: it is where their anchor lives).
    public var url: URLPath
    /// The `id` of its cell in lists: `item-reviews-dune`.
    public var anchor: String
    /// `reviews/dune` when the item is a bundle whose files are copied beside its page.
    public var bundleDirectory: String?
    /// The Markdown body and the line of the file it starts on.
    public var body: String
    public var bodyFirstLine: Int
    /// Filled in when the body is rendered.
    public var contentHTML: String = ""
    /// Plain text: `summary:` from the front matter, else the first paragraph.
    public var summary: String = ""
    public var wordCount: Int = 0
    /// Headings' ids in the body (for `#anchor` checks).
    public var anchors: [String] = []
    /// Hash of the source bytes: a changed file is a changed item.
    public var sourceHash: UInt64
    /// Changes whenever anything a template can read of the item changes (source, URL, resolved links).
    public var revision: UInt64 = 0

    /// Minutes to read at 220 words a minute, at least 1.
    public var readingTime: Int { max(1, Int((Double(wordCount) / 220).rounded(.up))) }

    /// The first line of the file, where whole-file problems are reported.
    public var location: SourceLocation { SourceLocation(file: file) }

    /// The folder relative references start from.
    var directory: String { Paths.parent(of: id) }
}
