/// Templates loaded together for one ``MustacheLibrary/template(named:)`` call, before they are cached.
struct TemplateClosure {
    /// New templates by name, and the order they were loaded in.
    var templates: [String: MustacheTemplate] = [:]
    var order: [String] = []
    /// Names the loader does not have.
    var missing: Set<String> = []

    /// Throws when templates include one another outside every section (partials) or inherit in a
    /// loop (parents), since rendering them could never end. Cached templates were checked when they
    /// were loaded, and their closure was loaded with them, so a loop can only run through new ones.
    func checkForCycles() throws(MustacheError) {
        let edges = templates.mapValues { template in
            template.references.filter { $0.isUnconditional && templates[$0.name] != nil }
        }
        var finished: Set<String> = []
        for start in order where !finished.contains(start) {
            // Depth-first, with an explicit path so a long chain cannot exhaust the stack.
            var path: [(name: String, next: Int)] = [(start, 0)]
            var onPath: Set<String> = [start]
            while let (name, next) = path.last {
                let references = edges[name] ?? []
                guard next < references.count else {
                    finished.insert(name)
                    onPath.remove(name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let reference = references[next]
                guard !finished.contains(reference.name) else { continue }
                if onPath.contains(reference.name) {
                    let names = path.map(\.name)
                    let loopStart = names.firstIndex(of: reference.name) ?? 0
                    let chain = Array(names[loopStart...]) + [reference.name]
                    let reason: MustacheError.Reason = switch reference.kind {
                    case .partial: .recursivePartial(chain: chain)
                    case .parent: .recursiveParent(chain: chain)
                    }
                    throw MustacheError(reason, template: templates[name]?.name ?? name, line: reference.line, column: reference.column)
                }
                path.append((reference.name, 0))
                onPath.insert(reference.name)
            }
        }
    }
}
