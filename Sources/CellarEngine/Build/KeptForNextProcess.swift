import CellarDiagnostics

/// What a `cellar build` leaves in `.cellar-cache/` for the next process besides the typed sources
/// (``KeptItems``, written as soon as they are parsed): the rendered bodies (``KeptBodies``) and the
/// cells (``KeptCells``), each with the key its file is written under. A part is nil when its file
/// holds it already (nothing in it was made again) or the build keeps none. Handed to the write
/// stage, which writes it beside the pages (``WriteStage/besidePages``) and lets it go; where each
/// body sits in the pages is written once they are (``WriteStage/bodiesAfterPages``).
struct KeptForNextProcess: Sendable {
    /// The bodies, and which of them are shown in their item's page (left to it: see ``KeptBodies``).
    var bodies: (entries: [BodyStage.Entry], inPage: @Sendable (BodyStage.Entry) -> Bool, key: UInt64)?
    var cells: (list: [KeptCells.Cell], key: UInt64)?
    /// What the bodies file the last build wrote left to the pages, when it is not written again.
    var bodiesInPagesBefore: KeptBodies.InPages?

    var isEmpty: Bool { bodies == nil && cells == nil && bodiesInPagesBefore == nil }

    /// Writes each part's file, whole or not at all (``KeptFile/save(to:produce:)``).
    /// - Returns: what the bodies file (written now, or before) left to the pages.
    func write(cache: String) -> KeptBodies.InPages? {
        var inPages = bodiesInPagesBefore
        if let bodies {
            inPages = KeptBodies.save(bodies.entries, inPage: bodies.inPage, cache: cache, key: bodies.key)
            Trace.mark("kept bodies saved")
        }
        if let cells {
            KeptCells.save(cells.list, cache: cache, key: cells.key)
            Trace.mark("kept cells saved")
        }
        return inPages
    }
}
