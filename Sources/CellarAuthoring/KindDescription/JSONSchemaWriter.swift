import CellarEngine
import CellarDiagnostics
import CellarFiles
import Foundation

/// Writes one JSON Schema (draft-07, what the YAML language server supports best) per kind,
/// describing the whole front matter of that kind, so editors can complete and check it.
package enum JSONSchemaWriter {
    /// The file name of a kind's schema: `review.schema.json`.
    package static func fileName(of kind: String) -> String { kind + ".schema.json" }

    /// Writes `<kind>.schema.json` for every kind of `catalog` into `directory` (created as needed).
    /// - Returns: the absolute paths written, sorted by kind.
    package static func write(_ catalog: KindCatalog, to directory: String) throws(Diagnostic) -> [String] {
        var written: [String] = []
        do throws(FileIOError) {
            try FileIO.makeDirectories(directory)
            for entry in catalog.kinds {
                let path = Paths.join(directory, fileName(of: entry.name))
                try FileIO.write(schema(for: entry.kind).pretty() + "\n", to: path)
                written.append(path)
            }
        } catch {
            throw error.diagnostic
        }
        return written
    }

    /// The schema of one kind's front matter: the common fields, then the kind's own.
    package static func schema(for kind: KindDefinition) -> JSONValue {
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        for spec in kind.schema.fields {
            if spec.name == "kind" {
                properties.append(("kind", .object([
                    ("const", .string(kind.name)),
                    ("description", .string("The kind; may be left out when the section's kind is '\(kind.name)'")),
                ])))
                continue
            }
            properties.append((spec.name, property(spec)))
            if spec.required { required.append(.string(spec.name)) }
        }
        var document: [(String, JSONValue)] = [
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string(kind.label)),
        ]
        if let description = kind.description { document.append(("description", .string(description))) }
        document += [
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .array(required)),
            ("additionalProperties", .bool(false)),
        ]
        return .object(document)
    }

    /// Dates as front matter accepts them: `2024-07-13`, `2024-07-13 22:03`, `2024-07-13T22:03:53+02:00`.
    static let datePattern = #"^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$"#

    static func property(_ spec: FieldSpec) -> JSONValue {
        var pairs = type(spec.type, minimum: spec.minimum, maximum: spec.maximum)
        if case .list = spec.type {
            if let low = spec.minItems { pairs.append(("minItems", .int(low))) }
            if let high = spec.maxItems { pairs.append(("maxItems", .int(high))) }
        }
        if let description = spec.description { pairs.append(("description", .string(description))) }
        if let value = spec.defaultValue, let json = json(value) { pairs.append(("default", json)) }
        return .object(pairs)
    }

    private static func type(_ type: FieldType, minimum: Double?, maximum: Double?) -> [(String, JSONValue)] {
        func bounds(_ low: String, _ high: String) -> [(String, JSONValue)] {
            (minimum.map { [(low, JSONValue.number($0))] } ?? []) + (maximum.map { [(high, JSONValue.number($0))] } ?? [])
        }
        switch type {
        case .string, .text, .markdown: return [("type", .string("string"))] + bounds("minLength", "maxLength")
        case .int: return [("type", .string("integer"))] + bounds("minimum", "maximum")
        case .number: return [("type", .string("number"))] + bounds("minimum", "maximum")
        case .bool: return [("type", .string("boolean"))]
        case .date: return [("type", .string("string")), ("pattern", .string(datePattern))]
        case .url: return [("type", .string("string")), ("format", .string("uri-reference"))]
        case .image, .path: return [("type", .string("string"))]
        case .enumeration(let values): return [("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))]
        case .list(let element):
            return [("type", .string("array")), ("items", .object(self.type(element, minimum: nil, maximum: nil)))]
        case .object(let fields):
            return [
                ("type", .string("object")),
                ("properties", .object(fields.map { ($0.name, property($0)) })),
                ("required", .array(fields.filter(\.required).map { .string($0.name) })),
                ("additionalProperties", .bool(false)),
            ]
        }
    }

    private static func json(_ value: FieldValue) -> JSONValue? {
        switch value {
        case .string(let text), .url(let text): return .string(text)
        case .html(_, let source): return .string(source)
        case .int(let number): return .int(number)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .date(let date):
            return .string(DateFormatting.utc.day(date))
        case .file(let reference): return .string(reference.written)
        case .list(let items): return .array(items.compactMap { json($0.value) })
        case .object(let fields):
            return .object(fields.sorted { $0.key < $1.key }.compactMap { key, field in json(field.value).map { (key, $0) } })
        case .null: return nil
        }
    }
}
