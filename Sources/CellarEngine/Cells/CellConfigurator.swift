/// A cell paired with the item it draws, with the pair's types erased so that one array holds
/// cells of every kind, Swift or Mustache, and page code never asks which kind a cell is.
package protocol CellConfiguring: Sendable {
    /// The kind of the cell's item.
    var kind: String { get }
    /// The item's id (its source path): the key of the cell cache.
    var itemID: String { get }
    /// Appends the cell's HTML.
    func render(into html: inout HTML) throws
}

/// Pairs a cell with an item of exactly the kind it draws — `TableCellConfigurator<Cell, Data>`.
struct CellConfigurator<Cell: CellTemplate>: CellConfiguring {
    // The item's id and kind are stored, and before the fields whose types are generic: there
    // their offsets are fixed, so reading them through the existential asks nothing of the
    // generic type's metadata. Every list page reads each of its cells' ids (its fingerprint, its
    // cells' HTML); read through `item`, that was 0.2 s of CPU in a 100,000-item build.
    let itemID: String
    let kind: String
    let cell: Cell
    let item: Item<Cell.Fields>

    init(cell: Cell, item: Item<Cell.Fields>) {
        itemID = item.content.id
        kind = item.kind
        self.cell = cell
        self.item = item
    }

    func render(into html: inout HTML) throws {
        try cell.render(item, into: &html)
    }
}
