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
    let cell: Cell
    let item: Item<Cell.Fields>

    var kind: String { item.kind }
    var itemID: String { item.content.id }

    func render(into html: inout HTML) throws {
        try cell.render(item, into: &html)
    }
}
