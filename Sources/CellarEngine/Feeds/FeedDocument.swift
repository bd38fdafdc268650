import Foundation

/// What a feed describes: its title, where it lives and the entries, newest first.
struct FeedDocument: Sendable {
    var title: String
    var description: String
    /// The HTML page the feed belongs to (absolute).
    var homeURL: String
    /// The feed's own URLs, by format file name (`feed.xml`, `rss.xml`, `feed.json`), absolute.
    var selfURLs: [String: String]
    var language: String
    var author: String
    var entries: [FeedEntry]
    var generator: String

    /// The newest entry's date: feeds change only when content does.
    var updated: Date { entries.map(\.updated).max() ?? Date(timeIntervalSince1970: 0) }
}
