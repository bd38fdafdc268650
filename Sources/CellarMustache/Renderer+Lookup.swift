extension Renderer {
    /// The value a name refers to, or nil when the lookup fails (spec name resolution).
    @inline(__always)
    func resolve(_ path: VariablePath) -> MustacheValue? {
        switch path {
        case .implicit:
            return stack.top
        case .key(let key):
            return stack.lookup(key)
        case .dotted(let first, let rest):
            guard var value = stack.lookup(first) else { return nil }
            for key in rest {
                guard let next = value.child(forKey: key, in: stack.scope) else { return nil }
                value = next
            }
            return value
        }
    }

    /// The argument a parent tag passed for the block `name`; the outermost parent tag wins.
    func override(named name: String) -> BlockContent? {
        for arguments in overrides {
            if let content = arguments[name] {
                return content
            }
        }
        return nil
    }
}
