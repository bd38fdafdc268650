import CellarDiagnostics

/// What a `cellar build` leaves in `.cellar-cache/` for the next process: the typed sources
/// (``KeptItems``), the rendered bodies (``KeptBodies``) and the cells (``KeptCells``), each with the
/// key its file is written under. A part is nil when its file holds it already (nothing in it was
/// made again) or the build keeps none. Handed to the write stage, which writes the sources and cells
/// beside the pages (``WriteStage/besidePages``) and the bodies once the pages are written
/// (``WriteStage/bodiesAfterPages``: the file says where each sits in them), and lets it go.
struct KeptForNextProcess: Sendable {
    /// The sources to write, and the last file's records, copied as they are for the sources taken from it.
    var items: (sources: [ContentItem.Source], reusing: KeptItems.Catalog, key: UInt64)?
    /// Every body, and whether one was rendered or is gone since the file was read: else the file
    /// is written again only when a body sits elsewhere in its page than the file says.
    var bodies: (entries: [BodyStage.Entry], changed: Bool, key: UInt64)?
    var cells: (list: [KeptCells.Cell], key: UInt64)?

    var isEmpty: Bool { items == nil && cells == nil }

    /// Writes the sources' and the cells' files, each whole or not at all (``KeptFile/save(to:produce:)``).
    func write(cache: String) {
        if let items {
            KeptItems.save(items.sources, reusing: items.reusing, cache: cache, key: items.key)
            Trace.mark("kept items saved")
        }
        if let cells {
            KeptCells.save(cells.list, cache: cache, key: cells.key)
            Trace.mark("kept cells saved")
        }
    }

    /// Writes the bodies' file, each body placed where `placements` says it sits in its page (else
    /// inline), unless it holds all that already: no body changed and each sits where it sat (`placedBefore`).
    static func writeBodies(_ bodies: (entries: [BodyStage.Entry], changed: Bool, key: UInt64), placements: [String: KeptBodies.Placement],
                            placedBefore: [String: KeptBodies.Placement], cache: String) {
        guard bodies.changed || placements != placedBefore else { return }
        KeptBodies.save(bodies.entries, placements: placements, cache: cache, key: bodies.key)
        Trace.mark("kept bodies saved")
    }
}
