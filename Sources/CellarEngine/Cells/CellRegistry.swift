import CellarDiagnostics

/// Which cell draws each kind, and how an item becomes that cell's input — the data source's
/// "register a cell class for a reuse identifier". Built once per build; read from every core.
public struct CellRegistry: Sendable {
    public typealias Factory = @Sendable (ContentItem) throws -> any CellConfiguring
    private var factories: [String: Factory] = [:]

    public init() {}

    /// Registers `cell` for its kind; `adapt` turns a content item into the cell's own item type.
    public mutating func register<Cell: CellTemplate>(
        _ cell: Cell, adapt: @escaping @Sendable (ContentItem) throws -> Cell.Item
    ) {
        factories[cell.kind] = { item in
            CellConfigurator(cell: cell, item: try adapt(item), itemID: item.id)
        }
    }

    /// Registers a cell that draws content items as they are.
    public mutating func register<Cell: CellTemplate>(_ cell: Cell) where Cell.Item == ContentItem {
        register(cell) { $0 }
    }

    public func hasCell(for kind: String) -> Bool { factories[kind] != nil }

    public var kinds: [String] { factories.keys.sorted() }

    /// The configurator pairing `item` with its kind's cell.
    public func configurator(for item: ContentItem) throws -> any CellConfiguring {
        guard let factory = factories[item.kind] else {
            throw Diagnostic.error("no cell is registered for kind '\(item.kind)'", at: item.location)
        }
        return try factory(item)
    }

    /// Adds the registrations of `other`, replacing this registry's cells for the same kinds.
    public mutating func merge(_ other: CellRegistry) {
        factories.merge(other.factories) { _, new in new }
    }
}
