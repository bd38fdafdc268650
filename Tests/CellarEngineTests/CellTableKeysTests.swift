@testable import CellarEngine
import CellarFiles
import Testing

/// A page's fingerprint takes each cell's key (its item's id and revision) from the cells' table when
/// the page was made this build, else from the cell's id and the revision looked up now: both give
/// the same hash, or a session's patched build and `cellar build` would disagree on unchanged pages.
@Suite struct CellTableKeysTests {
    struct Cell: CellConfiguring {
        let kind = "note"
        let itemID: String
        func render(into html: inout CellarEngine.HTML) throws {}
    }

    static let revisions: [String: UInt64] = ["posts/a.md": 11, "posts/b.md": 0xFFFF_FFFF_FFFF_FFFF, "notes/é.md": 0]
    static let ids = ["posts/a.md", "posts/b.md", "notes/é.md"]

    static func combined(_ cells: SectionCells, current: Bool, revisions: [String: UInt64] = revisions) -> UInt64 {
        var hash = StableHash()
        cells.combineKeys(into: &hash, current: current) { revisions[$0] ?? 0 }
        return hash.value
    }

    @Test func theTablesKeysGiveTheHashALookupGives() {
        let keys = Self.ids.map { CellTable.key(id: $0, revision: Self.revisions[$0]!) }
        let keyed = CellTable(Self.ids.map { Cell(itemID: $0) }, missing: [], keys: keys)
        let unkeyed = CellTable(Self.ids.map { Cell(itemID: $0) }, missing: [])
        for places: [Int32] in [[0, 1, 2], [2, 0], [1], []] {
            let fromTable = Self.combined(SectionCells(places, in: keyed), current: true)
            #expect(fromTable == Self.combined(SectionCells(places, in: keyed), current: false), "\(places)")
            #expect(fromTable == Self.combined(SectionCells(places, in: unkeyed), current: true), "\(places)")
        }
        // Order and revision both count.
        #expect(Self.combined(SectionCells([0, 1], in: keyed), current: true) != Self.combined(SectionCells([1, 0], in: keyed), current: true))
        var moved = Self.revisions
        moved["posts/a.md"] = 12
        #expect(Self.combined(SectionCells([0, 1], in: keyed), current: false, revisions: moved)
                != Self.combined(SectionCells([0, 1], in: keyed), current: true))
    }

    /// A page kept from an earlier build of a session (`current` false) sees the revision as it is
    /// now, not the one its table was made with.
    @Test func aKeptPageLooksTheRevisionUpNow() {
        let keys = Self.ids.map { CellTable.key(id: $0, revision: Self.revisions[$0]!) }
        let table = CellTable(Self.ids.map { Cell(itemID: $0) }, missing: [], keys: keys)
        var edited = Self.revisions
        edited["posts/b.md"] = 7
        let kept = SectionCells([0, 1], in: table)
        var expected = StableHash()
        expected.combine(CellTable.key(id: "posts/a.md", revision: 11))
        expected.combine(CellTable.key(id: "posts/b.md", revision: 7))
        #expect(Self.combined(kept, current: false, revisions: edited) == expected.value)
    }

    /// A place with no cell (its cell could not be made) is left out either way.
    @Test func aMissingCellIsLeftOutEitherWay() {
        let cells: [(any CellConfiguring)?] = [Cell(itemID: "posts/a.md"), nil, Cell(itemID: "notes/é.md")]
        let keys = [CellTable.key(id: "posts/a.md", revision: 11), 0, CellTable.key(id: "notes/é.md", revision: 0)]
        let table = CellTable(cells, missing: [1], keys: keys)
        let section = SectionCells([0, 1, 2], in: table)
        #expect(section.count == 2)
        #expect(Self.combined(section, current: true) == Self.combined(section, current: false))
    }
}
