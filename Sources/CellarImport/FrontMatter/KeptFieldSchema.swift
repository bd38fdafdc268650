import Foundation
import CellarDiagnostics
import CellarAuthoring
import CellarEngine
import CellarTree

/// The types of fields kept with `--keep-fields`, inferred from every value the source's items
/// gave them: `toc: true` everywhere makes `bool`, `images: [a.png]` makes `[string]`, a table
/// makes an `object` with its keys. Values are written back in the form that type reads.
indirect enum KeptFieldType: Sendable, Equatable {
    case bool, int, number, date, string
    case list(KeptFieldType)
    case object([String: KeptFieldType])
    /// Only `null` was seen.
    case empty
    /// Values no one Cellar type holds (a list of tables, tables mixed with text…).
    case unsupported(String)

    /// The type of one value.
    static func of(_ node: LocatedNode) -> KeptFieldType {
        switch node.value {
        case .scalar(let text, let style):
            if node.isNull { return .empty }
            guard style == .plain else { return .string }
            if node.boolValue != nil, ["true", "false"].contains(text.lowercased()) { return .bool }
            if Int(text) != nil { return .int }
            if Double(text) != nil, text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .number }
            if text.first?.isNumber == true, LooseDate.parse(text) != nil { return .date }
            return .string
        case .sequence(let items):
            return .list(items.map(of).reduce(.empty) { $0.merged(with: $1) })
        case .mapping(let pairs):
            var fields: [String: KeptFieldType] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar else { continue }
                let name = FieldMapper.fieldName(for: key)
                fields[name] = (fields[name] ?? .empty).merged(with: of(pair.value))
            }
            return .object(fields)
        }
    }

    /// The type that holds values of both.
    func merged(with other: KeptFieldType) -> KeptFieldType {
        switch (self, other) {
        case (.empty, let type), (let type, .empty): return type
        case (.unsupported, _): return self
        case (_, .unsupported): return other
        case let (a, b) where a == b: return a
        case (.int, .number), (.number, .int): return .number
        case (.list(let a), .list(let b)): return .list(a.merged(with: b)).checked
        case (.list(let element), let scalar), (let scalar, .list(let element)):
            if case .object = scalar { return .unsupported("lists and tables") }
            return .list(element.merged(with: scalar)).checked
        case (.object(let a), .object(let b)):
            return .object(a.merging(b) { $0.merged(with: $1) })
        case (.object, _), (_, .object): return .unsupported("tables and single values")
        default: return .string
        }
    }

    /// Cellar has no lists of tables or of lists.
    private var checked: KeptFieldType {
        if case .list(let element) = self {
            if case .object = element { return .unsupported("a list of tables") }
            if case .list = element { return .unsupported("lists of lists") }
        }
        return self
    }

    /// The field's spec in a kind's schema: `{type: "[string]", required: false}`.
    var schema: String? {
        switch self {
        case .unsupported: return nil
        case .object(let fields):
            let inner = fields.keys.sorted().compactMap { name in fields[name]?.shortName.map { "\(name): \"\($0)?\"" } }
            return "{type: object, required: false, fields: {\(inner.joined(separator: ", "))}}"
        default:
            return shortName.map { "{type: \"\($0)\", required: false}" }
        }
    }

    /// `string`, `[int]`…; nil for tables (they need the long form) and unsupported values.
    private var shortName: String? {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .number: "number"
        case .date: "date"
        case .string, .empty: "string"
        case .list(let element): element.shortName.map { "[\($0)]" }
        case .object, .unsupported: nil
        }
    }

    /// `value` written as YAML this type reads back, or nil when there is nothing to write (`null`).
    func yaml(_ node: LocatedNode, timeZone: TimeZone) -> String? {
        if node.isNull { return nil }
        switch (self, node.value) {
        case (.list(let element), .sequence(let items)):
            return "[" + items.compactMap { element.yaml($0, timeZone: timeZone) }.joined(separator: ", ") + "]"
        case (.list(let element), .scalar):
            return element.yaml(node, timeZone: timeZone).map { "[\($0)]" }
        case (.object(let fields), .mapping(let pairs)):
            let written = pairs.compactMap { pair -> String? in
                guard let key = pair.key.scalar else { return nil }
                let name = FieldMapper.fieldName(for: key)
                return fields[name]?.yaml(pair.value, timeZone: timeZone).map { "\(name): \($0)" }
            }
            return "{" + written.joined(separator: ", ") + "}"
        case (.bool, _): return node.boolValue.map { $0 ? "true" : "false" }
        case (.int, _), (.number, _): return node.scalar
        case (.date, _): return node.scalar.flatMap(LooseDate.parse)?.cellarText
        case (_, .scalar(let text, _)): return YAMLText.quoted(text)
        default: return YAMLText.quoted(node.shortDescription)
        }
    }
}
