import CellarDiagnostics

/// What a `cellar build` leaves in `.cellar-cache/` for the next process: the typed sources
/// (``KeptItems``), the rendered bodies (``KeptBodies``) and the cells (``KeptCells``), each with the
/// key its file is written under. A part is nil when its file holds it already (nothing in it was
/// made again) or the build keeps none. Handed to the write stage, which writes it beside the pages
/// (``WriteStage/besidePages``) and lets it go.
struct KeptForNextProcess: Sendable {
    /// The sources to write, and the last file's records, copied as they are for the sources taken from it.
    var items: (sources: [ContentItem.Source], reusing: KeptItems.Catalog, key: UInt64)?
    var bodies: (entries: [BodyStage.Entry], key: UInt64)?
    var cells: (list: [KeptCells.Cell], key: UInt64)?

    var isEmpty: Bool { items == nil && bodies == nil && cells == nil }

    /// Writes each part's file, whole or not at all (``KeptFile/save(to:produce:)``).
    func write(cache: String) {
        if let items {
            KeptItems.save(items.sources, reusing: items.reusing, cache: cache, key: items.key)
            Trace.mark("kept items saved")
        }
        if let bodies {
            KeptBodies.save(bodies.entries, cache: cache, key: bodies.key)
            Trace.mark("kept bodies saved")
        }
        if let cells {
            KeptCells.save(cells.list, cache: cache, key: cells.key)
            Trace.mark("kept cells saved")
        }
    }
}
