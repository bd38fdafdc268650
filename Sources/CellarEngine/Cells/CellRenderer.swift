import CellarDiagnostics

/// Stage three: pairs every item with its kind's cell and renders each cell once, on all cores.
struct CellRenderer {
    var registry: CellRegistry

    func render(_ items: [Item], diagnostics: inout DiagnosticBag) async -> ([String: any CellConfiguring], CellCache) {
        var configurators: [String: any CellConfiguring] = [:]
        var ordered: [any CellConfiguring] = []
        for item in items {
            do {
                let configurator = try registry.configurator(for: item)
                configurators[item.id] = configurator
                ordered.append(configurator)
            } catch let error as DiagnosticConvertible {
                diagnostics.append(error.diagnostic)
            } catch {
                diagnostics.error("cannot prepare the cell of \(item.file): \(error)", at: item.location)
            }
        }
        let rendered = (try? await parallelMap(ordered, minimumChunk: 64) { cell -> (String, String, Diagnostic?) in
            var html = ""
            do {
                try cell.render(into: &html)
                return (cell.itemID, html, nil)
            } catch let error as DiagnosticConvertible {
                return (cell.itemID, "", error.diagnostic)
            } catch {
                return (cell.itemID, "", .error("cannot render the cell of \(cell.itemID): \(error)"))
            }
        }) ?? []
        var cache = CellCache()
        for (id, html, problem) in rendered {
            if let problem { diagnostics.append(problem) } else { cache.store(html, fingerprint: 0, for: id) }
        }
        return (configurators, cache)
    }
}
