import CellarTree
import CellarDiagnostics

/// Assembles parser events into a tree, enforcing Cellar's rules that libyaml leaves to callers:
/// unique keys, known aliases, bounded alias expansion and bounded depth.
struct YAMLTreeBuilder {
    private enum Frame {
        case sequence(items: [LocatedNode], location: SourceLocation, tag: String?, anchor: String?)
        case mapping(
            pairs: [LocatedNode.Pair], pendingKey: LocatedNode?, keys: [String: SourceLocation],
            location: SourceLocation, tag: String?, anchor: String?
        )
    }

    let context: MarkContext
    let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: (node: LocatedNode, size: Int)] = [:]
    private var sizes: [Int] = []          // nodes inside each open collection
    private var nodeCount = 0
    private var documents = 0
    private(set) var root: LocatedNode?

    init(context: MarkContext, limits: YAMLLimits) {
        self.context = context
        self.limits = limits
    }

    mutating func startDocument(at location: SourceLocation) throws(Diagnostic) {
        documents += 1
        if documents > 1 {
            throw .error("front matter holds more than one YAML document", at: location,
                         hint: "remove the extra '---' or '...' line")
        }
    }

    mutating func scalar(
        _ text: String, style: LocatedNode.ScalarStyle, tag: String?, anchor: String?, at location: SourceLocation
    ) throws(Diagnostic) {
        try finish(LocatedNode(.scalar(text, style: style), at: location, tag: tag), size: 1, anchor: anchor)
    }

    mutating func startSequence(tag: String?, anchor: String?, at location: SourceLocation) throws(Diagnostic) {
        try push(.sequence(items: [], location: location, tag: tag, anchor: anchor), at: location)
    }

    mutating func startMapping(tag: String?, anchor: String?, at location: SourceLocation) throws(Diagnostic) {
        try push(.mapping(pairs: [], pendingKey: nil, keys: [:], location: location, tag: tag, anchor: anchor),
                 at: location)
    }

    mutating func endCollection() throws(Diagnostic) {
        guard let frame = stack.popLast(), let size = sizes.popLast() else { return }
        switch frame {
        case .sequence(let items, let location, let tag, let anchor):
            try finish(LocatedNode(.sequence(items), at: location, tag: tag), size: size + 1, anchor: anchor)
        case .mapping(let pairs, _, _, let location, let tag, let anchor):
            try finish(LocatedNode(.mapping(pairs), at: location, tag: tag), size: size + 1, anchor: anchor)
        }
    }

    mutating func alias(_ name: String, at location: SourceLocation) throws(Diagnostic) {
        guard let target = anchors[name] else {
            throw .error("unknown alias '*\(name)'", at: location, hint: "define it first with '&\(name)'")
        }
        try finish(target.node, size: target.size, anchor: nil, countedAt: location)
    }

    // MARK: - Private

    private mutating func push(_ frame: Frame, at location: SourceLocation) throws(Diagnostic) {
        if stack.count >= limits.maxDepth {
            throw .error("YAML nests deeper than \(limits.maxDepth) levels", at: location,
                         hint: "front matter should be a flat mapping of fields")
        }
        stack.append(frame)
        sizes.append(0)
    }

    private mutating func finish(
        _ node: LocatedNode, size: Int, anchor: String?, countedAt aliasLocation: SourceLocation? = nil
    ) throws(Diagnostic) {
        // Every node counts once; an alias counts every node it copies.
        nodeCount += aliasLocation == nil ? 1 : size
        if nodeCount > limits.maxNodes {
            throw .error(
                "YAML expands to more than \(limits.maxNodes) values",
                at: aliasLocation ?? node.location,
                hint: "aliases ('*name') that copy large values many times are refused"
            )
        }
        if let anchor { anchors[anchor] = (node, size) }
        if !sizes.isEmpty { sizes[sizes.count - 1] += size }
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .sequence(var items, let location, let tag, let anchor):
            items.append(node)
            stack.append(.sequence(items: items, location: location, tag: tag, anchor: anchor))
        case .mapping(var pairs, let pendingKey, var keys, let location, let tag, let anchor):
            if let key = pendingKey {
                pairs.append(LocatedNode.Pair(key: key, value: node))
                stack.append(.mapping(pairs: pairs, pendingKey: nil, keys: keys, location: location, tag: tag, anchor: anchor))
            } else {
                guard let name = node.scalar else {
                    throw .error("a key must be plain text, found \(node.shortDescription)", at: node.location)
                }
                if let first = keys[name] {
                    throw .error(
                        "duplicate key '\(name)'; it is already set on line \(first.line)",
                        at: node.location, hint: "keep one of the two lines"
                    )
                }
                keys[name] = node.location
                stack.append(.mapping(pairs: pairs, pendingKey: node, keys: keys, location: location, tag: tag, anchor: anchor))
            }
        }
    }
}
