import CellarFiles
import Foundation

/// A titled run of cells: a year of posts, a group of settings, a content section on the home page.
package struct Section: Sendable {
    package var title: String?
    /// Where the section continues ("All reviews →" on the home page).
    package var url: URLPath?
    package var cells: SectionCells

    package init(title: String? = nil, url: URLPath? = nil, cells: SectionCells) {
        self.title = title
        self.url = url
        self.cells = cells
    }
}

/// Every configurator of a build at its item's place in the model's `items`: the one list all
/// pages' cells are places in.
package struct CellTable: Sendable {
    fileprivate let cells: [(any CellConfiguring)?]
    /// Places that hold no configurator (an item whose cell could not be made: the build reports it).
    fileprivate let missing: Set<Int32>
    /// Each place's cell HTML, when the build that made the table rendered every cell and keeps no
    /// page for a later build (`cellar build`): a list then reads a cell by its place, not by its
    /// item's id (an id hashed and compared, and three objects reached, for each cell of each list).
    /// Nil in a session (`cellar serve`), whose kept pages outlive the cells they were made with.
    fileprivate let html: [String]?
    /// Each place's ``key(id:revision:)`` for its item as the table was made (nil: not worked
    /// out): what a page's fingerprint takes of a cell, read by place rather than by reaching the
    /// configurator's id and looking its item's revision up by that id (a string hashed for a
    /// dictionary, and a reference count on an id both cores read, for each cell of each list).
    /// Only for pages made with this table in the same build: a session's kept pages outlive it.
    fileprivate let keys: [UInt64]?

    init(_ cells: [(any CellConfiguring)?], missing: Set<Int32>, html: [String]? = nil, keys: [UInt64]? = nil) {
        precondition(html.map { $0.count == cells.count } ?? true, "one cell's HTML for each place")
        precondition(keys.map { $0.count == cells.count } ?? true, "one cell's key for each place")
        self.cells = cells
        self.missing = missing
        self.html = html
        self.keys = keys
    }

    /// What a page's fingerprint takes of a cell: its item's id and revision.
    static func key(id: String, revision: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.combine(id)
        hash.combine(revision)
        return hash.value
    }

    /// Each of `items`' configurator from `configurators`, at the item's place.
    init(_ items: [ContentItem], from configurators: [String: any CellConfiguring]) {
        var missing = Set<Int32>()
        cells = items.enumerated().map { place, item in
            let cell = configurators[item.id]
            if cell == nil { missing.insert(Int32(place)) }
            return cell
        }
        self.missing = missing
        html = nil
        keys = nil
    }
}

/// A section's cells, in order: places in the build's ``CellTable``, so that putting a page
/// together copies no configurator. (At 100,000 items, copying them — a reference count on a box
/// somewhere in a gigabyte for each of 400,000 cells — was most of the time spent making pages.)
package struct SectionCells: RandomAccessCollection, Sendable {
    private let table: CellTable
    private let places: [Int32]

    /// The cells at `places` in `table`, leaving out places that hold none.
    init(_ places: [Int32], in table: CellTable) {
        self.table = table
        self.places = table.missing.isEmpty ? places : places.filter { !table.missing.contains($0) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { places.count }
    package subscript(position: Int) -> any CellConfiguring {
        table.cells[Int(places[position])]!   // init keeps only places that hold one
    }

    /// Mixes each cell's ``CellTable/key(id:revision:)`` into `hash`: read by its place when
    /// `current` (the page was made this build, with the items as they are now) and the table
    /// holds them, else worked out from the cell's id and its item's `revision` now.
    func combineKeys(into hash: inout StableHash, current: Bool, revision: (String) -> UInt64) {
        if current, let keys = table.keys {
            for place in places { hash.combine(keys[Int(place)]) }
            return
        }
        for cell in self {
            let id = cell.itemID
            hash.combine(CellTable.key(id: id, revision: revision(id)))
        }
    }

    /// The cells' HTML one after another: each read by its place when the table holds them, else
    /// found by `lookup`.
    func html(_ lookup: (any CellConfiguring) -> String?) -> String {
        var html = ""
        guard let byPlace = table.html else {
            for cell in self { html += lookup(cell) ?? "" }
            return html
        }
        // A string's length is in the string itself: summing them reaches no text, and the one
        // allocation saves the copies of growing.
        html.reserveCapacity(places.reduce(0) { $0 + byPlace[Int($1)].utf8.count })
        for place in places { html += byPlace[Int(place)] }
        return html
    }
}
