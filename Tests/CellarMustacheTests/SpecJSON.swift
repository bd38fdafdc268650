import CellarMustache
import Foundation

/// A JSON value from the spec files, decoded so booleans, integers and doubles stay apart.
enum SpecJSON: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([SpecJSON]), object([String: SpecJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SpecJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SpecJSON].self))
        }
    }

    var mustacheValue: MustacheValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array(let values): .list(values.map(\.mustacheValue))
        case .object(let values): .object(values.mapValues(\.mustacheValue))
        }
    }
}
