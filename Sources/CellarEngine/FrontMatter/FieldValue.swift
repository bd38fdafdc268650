import CellarDiagnostics
import Foundation

/// A front-matter value typed by its field's schema.
public indirect enum FieldValue: Sendable, Hashable {
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

    public var string: String? {
        switch self {
        case .string(let text), .url(let text): text
        case .html(_, let source): source
        case .int(let n): String(n)
        case .number(let n): String(n)
        case .bool(let b): String(b)
        default: nil
        }
    }

    public var int: Int? { if case .int(let n) = self { n } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var date: Date? { if case .date(let d) = self { d } else { nil } }
    public var list: [FieldValue]? { if case .list(let items) = self { items.map(\.value) } else { nil } }
    public var object: [String: TypedField]? { if case .object(let fields) = self { fields } else { nil } }
    public var isNull: Bool { self == .null }
}

/// A value with the place it was written, for diagnostics raised after typing.
public struct TypedField: Sendable, Hashable {
    public var value: FieldValue
    public var location: SourceLocation?

    public init(_ value: FieldValue, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

/// A local file named by an `image` or `path` field (or a remote URL for images).
public struct FileReference: Sendable, Hashable {
    /// As written in the front matter.
    public var written: String
    /// The file, relative to `content/` (nil for remote URLs).
    public var contentPath: String?
    /// The remote URL, when the reference is one.
    public var remoteURL: String?
}
