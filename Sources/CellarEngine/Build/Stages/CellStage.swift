import CellarDiagnostics

/// Pairs every item with its kind's cell and renders each cell once, on all cores — the one
/// cell-render routine of every build. A cell is rendered again only when its item's revision or
/// anything global (theme, settings, options) changed.
struct CellStage {
    struct Memo: Sendable {
        /// What every cell was rendered under; a different key empties the memo.
        var globalKey: UInt64?
        /// Each item's cell HTML with what it was rendered from; kept even when a build fails.
        var cells = CellCache()
        /// The last successful build's configurators, by item id (dropped when a build fails).
        var configurators: [String: any CellConfiguring] = [:]
    }

    struct Output: Sendable {
        var configurators: [String: any CellConfiguring]
        /// Each of the model's `items`' configurator at the item's place, or nil when only some
        /// items were configured anew (a patched model).
        var inItemOrder: CellTable?
        /// Each cell's HTML by its item's id; empty in a build whose memo is thrown away, whose table holds them by place.
        var cells: CellCache
        /// Every cell with its item's id, in item order, for the next process (``KeptCells``); nil when
        /// the stage keeps none, or when they are the cells it was handed (``CellStage/cellsOnHand``)
        /// and the file holds them already. A list, not a table by id: nothing looks a cell up in it.
        var forNextProcess: [KeptCells.Cell]?
        /// How many cells were rendered (the others were taken as they were).
        var rendered = 0

        /// Each of `items`' configurator at the item's place.
        func table(for items: [ContentItem]) -> CellTable {
            inItemOrder ?? CellTable(items, from: configurators)
        }
    }

    var registry: CellRegistry
    var globalKey: UInt64
    /// What the memo keeps for a later build (``BuildMemo/policy``): when it is thrown away
    /// (`cellar build`), no configurator is kept by id for a later build to patch.
    var policy = BuildMemo.Policy.keepForLaterBuilds
    /// Cells the last `cellar build` rendered (``KeptCells``), by item id: a build that keeps nothing
    /// for a later one takes those whose fingerprint is the same rather than rendering them.
    var cellsOnHand: [String: CellCache.Entry] = [:]
    /// Whether a build that keeps nothing for a later one hands its cells to the next process (``Output/forNextProcess``).
    var keepsForNextProcess = false
    /// Whether the memo is thrown away after this build: nothing only a later build would use is kept.
    private var thisBuildOnly: Bool { policy == .thisBuildOnly }

    func run(_ model: ModelStage.Output, memo: inout Memo, diagnostics: inout DiagnosticBag) async -> Output {
        if memo.globalKey != globalKey {
            memo = Memo(globalKey: globalKey)
        }
        // A patched model changes only some items: the other configurators stay as they are.
        let patching = model.changed != nil && !memo.configurators.isEmpty
        var configurators: [String: any CellConfiguring] = [:]
        if patching { swap(&configurators, &memo.configurators) }   // taken, not copied
        // Cells of items that are gone need forgetting only when an earlier build left some.
        let hadCells = !memo.cells.isEmpty
        // A build that keeps nothing for a later one renders every cell and hands the list pages
        // each cell's HTML at its item's place: no cell is filed by id, nor found by id again.
        let byPlace = thisBuildOnly && !patching
        let items = patching ? (model.changed ?? []).compactMap { model.model.itemsByID[$0] } : model.model.items
        var stale: [(item: ContentItem, cell: any CellConfiguring, place: Int)] = []
        var onHand: [(place: Int, cell: CellCache.Entry)] = []
        var ordered: [(any CellConfiguring)?] = []
        // Each place's key for the pages' fingerprints (``CellTable/key(id:revision:)``).
        var keys: [UInt64] = []
        var missing = Set<Int32>()
        if !patching {
            ordered.reserveCapacity(items.count)
            keys.reserveCapacity(items.count)
        }
        for (place, item) in items.enumerated() {
            guard let configurator = configurator(for: item, diagnostics: &diagnostics) else {
                if !patching { missing.insert(Int32(ordered.count)); ordered.append(nil); keys.append(0) }
                continue
            }
            if !thisBuildOnly || patching { configurators[item.id] = configurator }
            if !patching {
                ordered.append(configurator)
                keys.append(CellTable.key(id: item.id, revision: item.revision))
            }
            let key = CellCache.key(global: globalKey, revision: item.revision)
            if byPlace {
                if let kept = cellsOnHand[item.id], kept.fingerprint == key { onHand.append((place, kept)) }
                else { stale.append((item, configurator, place)) }
            } else if memo.cells.entry(for: item.id)?.fingerprint != key {
                stale.append((item, configurator, place))
            }
        }
        let globalKey = self.globalKey
        Trace.mark("cells: configurators")
        let rendered = await parallelMap(stale, minimumChunk: 64) { item, cell, place in
            (place, item.id, CellCache.key(global: globalKey, revision: item.revision), Self.render(cell, file: item.file))
        }
        var html: [String]?
        var forNextProcess: [KeptCells.Cell]?
        if byPlace {
            var inItemOrder = [String](repeating: "", count: ordered.count)
            for (place, kept) in onHand { inItemOrder[place] = kept.html }
            // At each place, the cell for the next process (nil: none, its rendering failed).
            var listed: [KeptCells.Cell?] = []
            if keepsForNextProcess {
                listed = [KeptCells.Cell?](repeating: nil, count: items.count)
                for (place, kept) in onHand { listed[place] = (items[place].id, kept) }
            }
            for (place, id, key, (cellHTML, problem)) in rendered {
                if let problem { diagnostics.append(problem) } else {
                    inItemOrder[place] = cellHTML
                    if keepsForNextProcess { listed[place] = (id, CellCache.Entry(html: cellHTML, fingerprint: key)) }
                }
            }
            // The cells handed over are the file's already when none was rendered and none is gone.
            if keepsForNextProcess, !rendered.isEmpty || onHand.count != cellsOnHand.count {
                forNextProcess = listed.compactMap { $0 }
            }
            html = inItemOrder
        } else {
            memo.cells.reserve(rendered.count)
            for (_, id, key, (cellHTML, problem)) in rendered {
                if let problem {
                    diagnostics.append(problem)
                } else {
                    memo.cells.store(cellHTML, fingerprint: key, for: id)
                }
            }
        }
        if !patching, hadCells, !thisBuildOnly { memo.cells.retain(only: Set(configurators.keys)) }
        memo.configurators = configurators
        return Output(configurators: configurators,
                      inItemOrder: patching ? nil : CellTable(ordered, missing: missing, html: html, keys: keys), cells: memo.cells,
                      forNextProcess: forNextProcess, rendered: rendered.count)
    }

    /// The item's kind's cell paired with it, or nil with the problem reported.
    private func configurator(for item: ContentItem, diagnostics: inout DiagnosticBag) -> (any CellConfiguring)? {
        do {
            return try registry.configurator(for: item)
        } catch let error as DiagnosticConvertible {
            diagnostics.append(error.diagnostic)
        } catch {
            diagnostics.error("cannot prepare the cell of \(item.file): \(error)", at: item.location)
        }
        return nil
    }

    /// One cell's HTML, or the problem that stopped it (`file`: its item's, for errors without a place).
    static func render(_ cell: any CellConfiguring, file: String) -> (html: String, problem: Diagnostic?) {
        var html = HTML()
        do {
            try cell.render(into: &html)
            return (html.storage, nil)
        } catch let error as DiagnosticConvertible {
            return ("", error.diagnostic)
        } catch {
            return ("", .error("cannot render the cell of \(file): \(error)", at: SourceLocation(file: file)))
        }
    }
}
