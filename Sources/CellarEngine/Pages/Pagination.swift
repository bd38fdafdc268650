import Foundation

/// Where a list page sits among its siblings.
package struct Pagination: Sendable, Hashable {
    /// 1-based.
    package var current: Int
    /// The URL of each page, first page first.
    package var pages: [URLPath]

    package var total: Int { pages.count }
    package var previous: URLPath? { current > 1 ? pages[current - 2] : nil }
    package var next: URLPath? { current < pages.count ? pages[current] : nil }
}
