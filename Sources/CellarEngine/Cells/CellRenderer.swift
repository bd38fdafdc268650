import CellarDiagnostics

/// Stage three: pairs every item with its kind's cell and renders each cell once, on all cores.
struct CellRenderer {
    var registry: CellRegistry

    /// Renders the cells whose item (or anything global) changed; reuses the others from `cache`.
    /// Returns every item's configurator and the cells (`cache.cells`, now up to date).
    func render(_ items: [Item], cache: inout SessionCache, globalKey: UInt64,
                diagnostics: inout DiagnosticBag) async -> ([String: any CellConfiguring], CellCache) {
        var configurators: [String: any CellConfiguring] = [:]
        var ordered: [any CellConfiguring] = []
        var keys: [String: UInt64] = [:]
        for item in items {
            do {
                let configurator = try registry.configurator(for: item)
                configurators[item.id] = configurator
                let key = CellCache.key(global: globalKey, revision: item.revision)
                keys[item.id] = key
                if cache.cells.entry(for: item.id)?.fingerprint == key { continue }
                ordered.append(configurator)
            } catch let error as DiagnosticConvertible {
                diagnostics.append(error.diagnostic)
            } catch {
                diagnostics.error("cannot prepare the cell of \(item.file): \(error)", at: item.location)
            }
        }
        let files = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.file) })
        let rendered = (try? await parallelMap(ordered, minimumChunk: 64) { cell in
            (cell.itemID, Self.render(cell, file: files[cell.itemID] ?? cell.itemID))
        }) ?? []
        for (id, (html, problem)) in rendered {
            if let problem {
                diagnostics.append(problem)
            } else {
                cache.cells.store(html, fingerprint: keys[id] ?? 0, for: id)
            }
        }
        cache.cells.retain(only: Set(configurators.keys))
        return (configurators, cache.cells)
    }

    /// One cell's HTML, or the problem that stopped it (`file`: its item's, for errors without a place).
    static func render(_ cell: any CellConfiguring, file: String) -> (html: String, problem: Diagnostic?) {
        var html = ""
        do {
            try cell.render(into: &html)
            return (html, nil)
        } catch let error as DiagnosticConvertible {
            return ("", error.diagnostic)
        } catch {
            return ("", .error("cannot render the cell of \(file): \(error)", at: SourceLocation(file: file)))
        }
    }
}
