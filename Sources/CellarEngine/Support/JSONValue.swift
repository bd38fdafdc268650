internal import CellarEscaping

/// A JSON value whose objects keep their keys in the order written, so generated files diff well.
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.compact == rhs.compact }
    package func hash(into hasher: inout Hasher) { hasher.combine(compact) }

    /// The value on one line, with a space after each `:` and `,`: `{"file": "a.md", "line": 4}`.
    var compact: String {
        switch self {
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let pairs):
            return "{" + pairs.map { Self.quote($0.0) + ": " + $0.1.compact }.joined(separator: ", ") + "}"
        default: return scalarText
        }
    }

    /// The value indented by two spaces per level; arrays of scalars stay on one line.
    package func pretty(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items):
            if items.isEmpty || items.allSatisfy(\.isScalar) { return compact }
            return "[\n" + items.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { inner + Self.quote($0.0) + ": " + $0.1.pretty(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return scalarText
        }
    }

    /// The value of `key` in an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The keys of an object, in order.
    package var keys: [String] {
        guard case .object(let pairs) = self else { return [] }
        return pairs.map(\.0)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private var scalarText: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): Self.quote(text)
        case .array, .object: compact
        }
    }

    /// A JSON string literal (the one writer JSON Feed uses too).
    static func quote(_ text: String) -> String { Escaping.jsonString(text) }
}
