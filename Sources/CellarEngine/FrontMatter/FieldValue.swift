import CellarDiagnostics
import Foundation

/// A front-matter value typed by its field's schema.
package indirect enum FieldValue: Sendable, Hashable {
    case string(String)
    /// Markdown rendered to HTML (`text` and `markdown` fields), with the source kept.
    case html(String, source: String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case date(Date)
    case url(String)
    case file(FileReference)
    case list([TypedField])
    case object([String: TypedField])
    case null

    package var string: String? {
        switch self {
        case .string(let text), .url(let text): text
        case .html(_, let source): source
        case .int(let n): String(n)
        case .number(let n): String(n)
        case .bool(let b): String(b)
        default: nil
        }
    }

    package var int: Int? { if case .int(let n) = self { n } else { nil } }
    package var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var date: Date? { if case .date(let d) = self { d } else { nil } }
    package var list: [FieldValue]? { if case .list(let items) = self { items.map(\.value) } else { nil } }
    package var object: [String: TypedField]? { if case .object(let fields) = self { fields } else { nil } }
    package var isNull: Bool { self == .null }
}
