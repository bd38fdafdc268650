import Foundation

/// A feed a page points to with `<link rel="alternate">`.
package struct FeedLink: Sendable, Hashable {
    package var title: String
    package var url: URLPath
    /// `application/atom+xml`, `application/rss+xml`, `application/feed+json`.
    var mediaType: String
}
