import Foundation

/// Where a list page sits among its siblings.
public struct Pagination: Sendable, Hashable {
    /// 1-based.
    public var current: Int
    /// The URL of each page, first page first.
    public var pages: [URLPath]

    public var total: Int { pages.count }
    public var previous: URLPath? { current > 1 ? pages[current - 2] : nil }
    public var next: URLPath? { current < pages.count ? pages[current] : nil }
}
