import Foundation
import CellarDiagnostics
import CellarTree

/// Which of a kind's fields the search index reads, and how much each word of them weighs:
/// `searchable: title^3, summary, body` in `kinds/<kind>.yml` (`body` is the Markdown body;
/// `searchable: false` leaves the kind's items out of the index).
package struct SearchableFields: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        package var field: String
        package var weight: Int
    }

    package var entries: [Entry]

    /// What a kind that says nothing gets.
    package static let standard = SearchableFields(entries: [.init(field: "title", weight: 3), .init(field: "summary", weight: 2),
                                                             .init(field: "tags", weight: 2), .init(field: "body", weight: 1)])
    package static let none = SearchableFields(entries: [])

    package var description: String {
        entries.isEmpty ? "false" : entries.map { $0.weight == 1 ? $0.field : "\($0.field)^\($0.weight)" }.joined(separator: ", ")
    }

    /// Reads `searchable:` (a comma-separated string, a list of such names, or `false`), checking
    /// each name against `schema` (plus `body`) and each weight (1 to 9).
    static func parse(_ node: LocatedNode, schema: Schema, diagnostics: inout DiagnosticBag) -> SearchableFields? {
        if node.scalar == "false" { return SearchableFields.none }
        var written: [(String, SourceLocation)] = []
        if let items = node.items {
            for item in items { written.append((item.scalar ?? "", item.location)) }
        } else if let scalar = node.scalar {
            for part in scalar.split(separator: ",") { written.append((part.trimmingCharacters(in: .whitespaces), node.location)) }
        }
        let hint = "write the fields searched with their weights, such as searchable: title^3, summary, body (or false)"
        guard !written.isEmpty else {
            diagnostics.error("'searchable' must name fields, found \(node.shortDescription)", at: node.location, hint: hint)
            return nil
        }
        let known = ["body"] + schema.fields.filter { Self.isText($0.type) }.map(\.name)
        var entries: [Entry] = []
        for (text, location) in written {
            let parts = text.split(separator: "^", omittingEmptySubsequences: false)
            let name = String(parts[0])
            var weight = 1
            if parts.count == 2, let number = Int(parts[1]), (1...9).contains(number) {
                weight = number
            } else if parts.count != 1 {
                diagnostics.error("'\(text)' in 'searchable' must be a field name, with ^ and a weight from 1 to 9 if it weighs more",
                                  at: location, hint: hint)
                continue
            }
            guard known.contains(name) else {
                let reason = schema[name] == nil ? "is not a field of this kind" : "is not text (string, text, markdown, enum or a list of them)"
                diagnostics.error("'\(name)' in 'searchable' \(reason)"
                                    + Suggestion.didYouMean(name, in: known),
                                  at: location, hint: "searchable fields: " + known.joined(separator: ", "))
                continue
            }
            entries.append(Entry(field: name, weight: weight))
        }
        return SearchableFields(entries: entries)
    }

    static func isText(_ type: FieldType) -> Bool {
        switch type {
        case .string, .text, .markdown, .enumeration: true
        case .list(let element): isText(element)
        default: false
        }
    }
}
