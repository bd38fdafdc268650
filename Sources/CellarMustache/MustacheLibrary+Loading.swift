import AnnotatedLocking

extension MustacheLibrary {
    /// Loads `root` and every template it names (transitively), checks them together, and caches
    /// them only when all are valid. Returns nil when the loader has no template `root`.
    func load(_ root: String) throws(MustacheError) -> MustacheTemplate? {
        var closure = TemplateClosure()
        do throws(MustacheError) {
            guard try compile(root, into: &closure) else {
                cache.withAnnotatedLock { _ = $0.missing.insert(root) }
                return nil
            }
            var index = 0
            while index < closure.order.count {
                let name = closure.order[index]
                index += 1
                for reference in closure.templates[name]?.references ?? [] {
                    try compile(reference.name, into: &closure)
                }
            }
            try validate(closure)
        } catch {
            cache.withAnnotatedLock { cache in
                if cache.entry(for: root) == nil {
                    cache.failed[root] = error
                }
            }
            throw error
        }
        return cache.withAnnotatedLock { cache in
            for (name, template) in closure.templates where cache.entry(for: name) == nil {
                cache.add(template, named: name)
            }
            cache.missing.formUnion(closure.missing)
            return cache.ready[root]
        }
    }

    /// Adds the template `name` to `closure` unless it is known; returns whether it exists.
    @discardableResult
    private func compile(_ name: String, into closure: inout TemplateClosure) throws(MustacheError) -> Bool {
        if closure.templates[name] != nil { return true }
        if closure.missing.contains(name) { return false }
        switch cache.withAnnotatedLock({ $0.entry(for: name) }) {
        case .ready: return true
        case .missing:
            closure.missing.insert(name)
            return false
        case .failed(let error): throw error
        case nil: break
        }
        do throws(MustacheError) {
            guard let (source, path) = try loader.loadTemplate(named: name) else {
                closure.missing.insert(name)
                return false
            }
            closure.templates[name] = try MustacheTemplate(source: source, name: path, limits: limits)
            closure.order.append(name)
            return true
        } catch {
            cache.withAnnotatedLock { $0.failed[name] = error }
            throw error
        }
    }

    /// With the `.error` policy, every partial and parent a new template names must exist; and no
    /// new template may include itself unconditionally.
    private func validate(_ closure: TemplateClosure) throws(MustacheError) {
        if missingPartials == .error {
            for name in closure.order {
                guard let template = closure.templates[name] else { continue }
                for reference in template.references where closure.missing.contains(reference.name) {
                    let searched = loader.searchedLocations(for: reference.name)
                    let reason: MustacheError.Reason = switch reference.kind {
                    case .partial: .unknownPartial(name: reference.name, searched: searched)
                    case .parent: .unknownParent(name: reference.name, searched: searched)
                    }
                    throw MustacheError(reason, template: template.name, line: reference.line, column: reference.column)
                }
            }
        }
        try closure.checkForCycles()
    }
}
