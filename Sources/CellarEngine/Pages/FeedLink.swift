import Foundation

/// A feed a page points to with `<link rel="alternate">`.
public struct FeedLink: Sendable, Hashable {
    public var title: String
    public var url: URLPath
    /// `application/atom+xml`, `application/rss+xml`, `application/feed+json`.
    public var mediaType: String
}
