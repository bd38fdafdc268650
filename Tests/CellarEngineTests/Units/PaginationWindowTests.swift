@testable import CellarEngine
import Testing

/// A list page names a bounded set of its siblings — the first, the last and those around it —
/// so a section of P pages writes O(P) links, not P² (every page listing every page).
@Suite struct PaginationWindowTests {
    private func window(_ current: Int, of total: Int) -> String {
        let pages = (1...total).map { URLPath("p/\($0)/") }
        return Pagination(current: current, pages: pages).window().map { $0.map(String.init) ?? "…" }.joined(separator: " ")
    }

    @Test func smallListsShowEveryPage() {
        #expect(window(1, of: 1) == "1")
        #expect(window(2, of: 3) == "1 2 3")
        #expect(window(4, of: 7) == "1 2 3 4 5 6 7")
        #expect(window(1, of: 5) == "1 2 3 4 5")   // a gap of one page shows the page
    }

    @Test func longListsShowTheEndsAndTheNeighbourhood() {
        #expect(window(1, of: 1000) == "1 2 3 … 1000")
        #expect(window(500, of: 1000) == "1 … 498 499 500 501 502 … 1000")
        #expect(window(1000, of: 1000) == "1 … 998 999 1000")
        #expect(window(4, of: 1000) == "1 2 3 4 5 6 … 1000")
    }

    @Test(arguments: [1, 2, 9, 100, 10_000])
    func theWindowIsBounded(total: Int) {
        for current in Set([1, 2, total / 2, total - 1, total]) where (1...total).contains(current) {
            let shown = Pagination(current: current, pages: (1...total).map { URLPath("p/\($0)/") }).window()
            #expect(shown.count <= 9)
            #expect(shown.contains(current) && shown.first == 1 && shown.last == total)
            let numbers = shown.compactMap { $0 }
            #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
        }
    }
}
