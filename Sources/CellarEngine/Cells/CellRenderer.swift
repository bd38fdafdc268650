import CellarDiagnostics

/// Stage three: pairs every item with its kind's cell and renders each cell once, on all cores.
struct CellRenderer {
    var registry: CellRegistry

    /// Renders the cells whose item (or anything global) changed; reuses the others from `cache`.
    func render(_ items: [Item], cache: inout SessionCache, globalKey: UInt64,
                diagnostics: inout DiagnosticBag) async -> ([String: any CellConfiguring], CellCache) {
        var configurators: [String: any CellConfiguring] = [:]
        var ordered: [any CellConfiguring] = []
        var keys: [String: UInt64] = [:]
        var result = CellCache()
        for item in items {
            do {
                let configurator = try registry.configurator(for: item)
                configurators[item.id] = configurator
                var key = StableHash()
                key.combine(globalKey)
                key.combine(item.revision)
                keys[item.id] = key.value
                if let cached = cache.cells.entry(for: item.id), cached.fingerprint == key.value {
                    result.store(cached.html, fingerprint: key.value, for: item.id)
                    continue
                }
                ordered.append(configurator)
            } catch let error as DiagnosticConvertible {
                diagnostics.append(error.diagnostic)
            } catch {
                diagnostics.error("cannot prepare the cell of \(item.file): \(error)", at: item.location)
            }
        }
        let files = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.file) })
        let rendered = (try? await parallelMap(ordered, minimumChunk: 64) { cell -> (String, String, Diagnostic?) in
            var html = ""
            do {
                try cell.render(into: &html)
                return (cell.itemID, html, nil)
            } catch let error as DiagnosticConvertible {
                return (cell.itemID, "", error.diagnostic)
            } catch {
                let file = files[cell.itemID] ?? cell.itemID
                return (cell.itemID, "", .error("cannot render the cell of \(file): \(error)", at: SourceLocation(file: file)))
            }
        }) ?? []
        for (id, html, problem) in rendered {
            if let problem {
                diagnostics.append(problem)
            } else {
                let key = keys[id] ?? 0
                result.store(html, fingerprint: key, for: id)
                cache.cells.store(html, fingerprint: key, for: id)
            }
        }
        let ids = Set(configurators.keys)
        cache.cells.retain(only: ids)
        return (configurators, result)
    }
}
