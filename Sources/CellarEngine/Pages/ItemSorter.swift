import Foundation

/// Orders a section's items by date, title or weight; ties fall back to title, then source path.
enum ItemSorter {
    /// The places of `items` newest first, for feeds, tag pages and the home page's idea of "latest".
    /// - Parameter dates: each item's date (`items.map(\.date)`).
    static func newestFirst(_ items: [ContentItem], dates: [Date?]) -> [Int] {
        order(items, dates: dates, by: .date, ascending: false)
    }

    /// The places of `items` in sorted order: `order(…)[0]` is the index of the first item.
    /// - Parameter dates: each item's date (read once, by the caller that has them: a sort that
    ///   reached two items for each comparison met a cache miss at each on a big site).
    static func order(_ items: [ContentItem], dates: [Date?], by key: SortKey, ascending: Bool) -> [Int] {
        let titles = items.map(\.source.sortTitle)
        var order = Array(items.indices)
        func tie(_ a: Int, _ b: Int) -> Bool {
            titles[a] != titles[b] ? titles[a] < titles[b] : items[a].id < items[b].id
        }
        switch key {
        case .date:
            order.sort { a, b in
                switch (dates[a], dates[b]) {
                case let (x?, y?) where x != y: return ascending ? x < y : x > y
                case (_?, nil): return true      // undated items go last in either order
                case (nil, _?): return false
                default: return tie(a, b)
                }
            }
        case .title:
            order.sort { a, b in titles[a] != titles[b] ? (ascending ? titles[a] < titles[b] : titles[a] > titles[b]) : items[a].id < items[b].id }
        case .weight:
            order.sort { a, b in
                items[a].weight != items[b].weight
                    ? (ascending ? items[a].weight < items[b].weight : items[a].weight > items[b].weight) : tie(a, b)
            }
        }
        return order
    }
}
