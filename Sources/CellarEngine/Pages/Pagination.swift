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

    /// The page numbers a list of pages shows: the first and the last, and those within `radius`
    /// of the current one; nil where numbers are left out. At most `2 * radius + 5` entries,
    /// however many pages there are — listing every page on every page would make a section of
    /// P pages write P² links.
    package func window(radius: Int = 2) -> [Int?] {
        let total = pages.count
        guard total > 0 else { return [] }
        var numbers: [Int?] = []
        var last = 0
        for number in [1] + Array(max(2, current - radius)...max(2, min(total - 1, current + radius))) + [total]
        where number > last && number <= total {
            if number > last + 1 { numbers.append(last + 2 == number ? last + 1 : nil) }
            numbers.append(number)
            last = number
        }
        return numbers
    }
}
