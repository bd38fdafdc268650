import CellarDiagnostics

/// Which cell draws each kind, and how a content item becomes that cell's ``Item`` — the data
/// source's "register a cell class for a reuse identifier". Built once per build, with the
/// environment the cells draw in; read from every core.
struct CellRegistry: Sendable {
    typealias Factory = @Sendable (ContentItem) throws -> any CellConfiguring
    private var factories: [String: Factory] = [:]

    /// Registers `cell` for `kind`, replacing any cell registered for it before.
    mutating func register<Cell: CellTemplate>(_ cell: Cell, for kind: String, environment: RenderEnvironment) {
        factories[kind] = { content in
            CellConfigurator(cell: cell, item: try Item<Cell.Fields>(content, environment: environment))
        }
    }

    /// The configurator pairing `item` with its kind's cell.
    func configurator(for item: ContentItem) throws -> any CellConfiguring {
        guard let factory = factories[item.kind] else {
            throw Diagnostic.error("no cell is registered for kind '\(item.kind)'", at: item.location)
        }
        return try factory(item)
    }
}
