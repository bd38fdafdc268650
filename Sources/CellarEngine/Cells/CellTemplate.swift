/// A cell: draws one item of one kind into HTML — the role `ConfigurableCell` plays for a
/// `UITableView`. Themes' Mustache cells and Swift-typed cells both conform.
///
/// ```swift
/// struct BadgeCell: CellTemplate {
///     struct Item: Sendable { var label: String }
///     let kind = "badge"
///     func render(_ item: Item, into html: inout String) throws { html += "<b>\(item.label)</b>" }
/// }
/// ```
public protocol CellTemplate: Sendable {
    associatedtype Item: Sendable
    /// The kind this cell draws: its reuse identifier.
    var kind: String { get }
    /// Appends the cell's HTML for `item`.
    func render(_ item: Item, into html: inout String) throws
}

/// A cell paired with the item it draws, with the pair's types erased so that one array holds
/// cells of every kind and page code never asks which kind a cell is.
public protocol CellConfiguring: Sendable {
    /// The kind of the cell (and its item).
    var kind: String { get }
    /// The item's id (its source path): the key of the cell cache.
    var itemID: String { get }
    /// Appends the cell's HTML.
    func render(into html: inout String) throws
}

/// Pairs a cell with an item of exactly the type it draws — `TableCellConfigurator<Cell, Data>`.
public struct CellConfigurator<Cell: CellTemplate>: CellConfiguring {
    public let cell: Cell
    public let item: Cell.Item
    public let itemID: String

    public init(cell: Cell, item: Cell.Item, itemID: String) {
        self.cell = cell
        self.item = item
        self.itemID = itemID
    }

    public var kind: String { cell.kind }

    public func render(into html: inout String) throws {
        try cell.render(item, into: &html)
    }
}
