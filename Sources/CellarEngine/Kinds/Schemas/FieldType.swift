/// The type of a front-matter field, as a kind's schema declares it.
package indirect enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case string            // plain text
    case text              // inline Markdown
    case markdown          // block Markdown
    case int
    case number
    case bool
    case date
    case url
    case image             // a local file that must exist, or a remote URL
    case path              // a local file that must exist
    case enumeration([String])
    case list(FieldType)
    case object([FieldSpec])

    /// The names people write in schemas.
    static let scalarNames: [String: FieldType] = [
        "string": .string, "text": .text, "markdown": .markdown, "int": .int, "number": .number,
        "bool": .bool, "date": .date, "url": .url, "image": .image, "path": .path,
    ]

    static let allNames = ["string", "text", "markdown", "int", "number", "bool", "date", "url", "image", "path",
                           "enum", "list", "object"]

    /// How the type is written in a schema: `int`, `[string]`, `enum`.
    package var description: String {
        switch self {
        case .string: "string"
        case .text: "text"
        case .markdown: "markdown"
        case .int: "int"
        case .number: "number"
        case .bool: "bool"
        case .date: "date"
        case .url: "url"
        case .image: "image"
        case .path: "path"
        case .enumeration: "enum"
        case .list(let element): "[\(element)]"
        case .object: "object"
        }
    }

    var isTextual: Bool { self == .string || self == .text || self == .markdown }
}
