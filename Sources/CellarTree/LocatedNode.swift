import CellarDiagnostics

/// A value read from a data file (YAML or TOML front matter, a kind schema, settings) as written,
/// with the place of every node. Scalars stay text: the schema decides what they mean, so `no`
/// is not a boolean unless a field says it is. Parsers of each format build it; everything that
/// types values reads only this tree, so every format is typed by the same rules.
package struct LocatedNode: Sendable, Hashable {
    package enum ScalarStyle: Sendable, Hashable {
        /// Quoted and block scalars are always text; only plain scalars can be `null`, numbers, …
        /// (A TOML string is `doubleQuoted`; its numbers, booleans and dates are `plain`.)
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    package enum Value: Sendable, Hashable {
        case scalar(String, style: ScalarStyle)
        case sequence([LocatedNode])
        case mapping([Pair])
    }

    package struct Pair: Sendable, Hashable {
        package var key: LocatedNode
        package var value: LocatedNode

        package init(key: LocatedNode, value: LocatedNode) {
            self.key = key
            self.value = value
        }
    }

    package var value: Value
    /// Where the node starts (for a quoted scalar: its opening quote).
    package var location: SourceLocation
    /// An explicit tag such as `!!str`, if the author wrote one.
    package var tag: String?

    package init(_ value: Value, at location: SourceLocation, tag: String? = nil) {
        self.value = value
        self.location = location
        self.tag = tag
    }
}

extension LocatedNode {
    /// The scalar's text, or nil for sequences and mappings.
    package var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// A plain `null`, `~`, `Null`, `NULL` or an empty plain scalar.
    package var isNull: Bool {
        guard case .scalar(let text, .plain) = value, tag == nil else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The value for `key` in a mapping, if present.
    package subscript(key: String) -> LocatedNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key.scalar == key }?.value
    }

    /// The pairs of a mapping, or nil.
    package var pairs: [Pair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// The items of a sequence, or nil.
    package var items: [LocatedNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// A short description of the node's shape for messages: `"ten"`, `a list`, `a mapping`.
    package var shortDescription: String {
        switch value {
        case .scalar(let text, _):
            let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"\(clipped.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n"))\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
