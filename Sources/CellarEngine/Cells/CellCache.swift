import CellarFiles
/// Each item's cell HTML, rendered once and reused by every list that shows it (home, section,
/// tag pages): a list page is a concatenation of cached cells.
package struct CellCache: Sendable {
    struct Entry: Sendable {
        var html: String
        /// What the cell was rendered from; a different fingerprint means render again.
        var fingerprint: UInt64
    }

    private(set) var entries: [String: Entry] = [:]

    package init() {}

    /// The cached HTML of an item's cell.
    package func html(for itemID: String) -> String? { entries[itemID]?.html }

    func entry(for itemID: String) -> Entry? { entries[itemID] }

    var isEmpty: Bool { entries.isEmpty }

    /// Room for `count` more cells, made at once rather than as they come.
    mutating func reserve(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// What a cell is rendered from: everything global (theme, settings, options) and its item's revision.
    static func key(global: UInt64, revision: UInt64) -> UInt64 {
        var key = StableHash()
        key.combine(global)
        key.combine(revision)
        return key.value
    }

    mutating func store(_ html: String, fingerprint: UInt64, for itemID: String) {
        entries[itemID] = Entry(html: html, fingerprint: fingerprint)
    }

    /// Drops cells of items that no longer exist.
    mutating func retain(only ids: Set<String>) {
        entries = entries.filter { ids.contains($0.key) }
    }
}
