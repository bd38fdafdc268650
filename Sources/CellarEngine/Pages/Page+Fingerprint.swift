import CellarFiles
extension Page {
    /// A hash of everything the page's templates can read: when it matches the last build's, the
    /// page would render to the same bytes and is neither rendered nor written.
    /// - Parameters:
    ///   - global: what every page depends on (theme, settings, sections, tags).
    ///   - revision: each item's revision, by id.
    ///   - current: whether the page was made in this build (not kept from an earlier one of a
    ///     session): its cells' keys are then read from the table it was made with
    ///     (``SectionCells/combineKeys(into:current:revision:)``); the fingerprint is the same either way.
    func fingerprint(global: UInt64, current: Bool, revision: (String) -> UInt64) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine(role.rawValue)
        hash.combine(layout)
        hash.combine(url.value)
        hash.combine(title)
        hash.combine(description ?? "")
        hash.combine(sectionID ?? "")
        hash.combine(introHTML ?? "")
        if let pagination {
            // What a template can read of it: the total and the pages it names (not all of them:
            // hashing every sibling on every page was quadratic in a section's pages).
            hash.combine(pagination.current)
            hash.combine(pagination.total)
            for number in pagination.window().compactMap({ $0 }) { hash.combine(pagination.pages[number - 1].value) }
        }
        for id in [itemID, previousID, nextID] {
            hash.combine(id ?? "-")
            hash.combine(id.map(revision) ?? 0)
        }
        for tag in tags {
            hash.combine(tag.name)
            hash.combine(tag.count)
        }
        for feed in feeds { hash.combine(feed.url.value) }
        hash.combine(UInt64(bitPattern: Int64(((lastModified?.timeIntervalSince1970) ?? 0) * 1000)))
        for section in dataSource.sections {
            hash.combine(section.title ?? "-")
            hash.combine(section.url?.value ?? "-")
            section.cells.combineKeys(into: &hash, current: current, revision: revision)
        }
        return hash.value
    }
}
