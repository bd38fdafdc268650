/// Splits a list into pages: the first at the list's URL, the others at `page/2/`, `page/3/`, …
struct Paginator {
    /// Items per page; 0 puts everything on one page.
    var pageSize: Int

    /// How many pages `count` elements take (at least one: an empty list still has its page).
    func pageCount(of count: Int) -> Int {
        pageSize > 0 ? max(1, (count + pageSize - 1) / pageSize) : 1
    }

    func paginate<T>(_ elements: [T], at base: URLPath) -> [(elements: ArraySlice<T>, pagination: Pagination)] {
        let size = pageSize > 0 ? pageSize : max(elements.count, 1)
        let count = pageCount(of: elements.count)
        let urls = (1...count).map { Self.url(page: $0, base: base) }
        return (0..<count).map { index in
            let start = index * size
            let end = min(start + size, elements.count)
            return (elements[start..<end], Pagination(current: index + 1, pages: urls))
        }
    }

    static func url(page: Int, base: URLPath) -> URLPath {
        page == 1 ? base : base.appending("page/\(page)/")
    }
}
