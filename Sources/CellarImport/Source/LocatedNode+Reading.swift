import CellarDiagnostics
import CellarTree

/// Reading generators' settings and front matter: Hugo's keys are case-insensitive, Jekyll's are not.
extension LocatedNode {
    /// The value for `key`; with `caseInsensitive`, the first key equal to it ignoring case.
    func value(_ key: String, caseInsensitive: Bool) -> LocatedNode? {
        guard case .mapping(let pairs) = value else { return nil }
        if !caseInsensitive { return self[key] }
        let lowered = key.lowercased()
        return pairs.first { $0.key.scalar?.lowercased() == lowered }?.value
    }

    /// The value at a dotted path (`markup.goldmark.renderer.unsafe`).
    func value(atPath path: String, caseInsensitive: Bool) -> LocatedNode? {
        var node: LocatedNode? = self
        for key in path.split(separator: ".") { node = node?.value(String(key), caseInsensitive: caseInsensitive) }
        return node
    }

    /// A scalar's text, nil for `null`, lists and mappings.
    var text: String? {
        isNull ? nil : scalar
    }

    /// A non-empty scalar's text, trimmed.
    var nonEmptyText: String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    var intValue: Int? {
        guard case .scalar(let text, .plain) = value else { return nil }
        return Int(text)
    }

    var boolValue: Bool? {
        guard case .scalar(let text, .plain) = value else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A list of scalars; a lone scalar is a list of one (or, with `splittingWords`, of its words,
    /// as Jekyll reads `tags: a b`).
    func textList(splittingWords: Bool = false) -> [(text: String, location: SourceLocation)] {
        if let items {
            return items.compactMap { item in item.nonEmptyText.map { ($0, item.location) } }
        }
        guard let text = nonEmptyText else { return [] }
        if splittingWords {
            return text.split(whereSeparator: \.isWhitespace).map { (String($0), location) }
        }
        return [(text, location)]
    }

    /// A mapping's pairs with string keys.
    var keyedPairs: [(key: String, keyNode: LocatedNode, value: LocatedNode)] {
        (pairs ?? []).compactMap { pair in pair.key.scalar.map { ($0, pair.key, pair.value) } }
    }
}
