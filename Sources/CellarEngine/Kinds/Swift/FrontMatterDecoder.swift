import CellarDiagnostics
import Foundation

/// Decodes a Swift ``Kind`` from front matter already typed against the kind's schema (by
/// ``FieldTyper``, which reports wrong types, bounds, unknown keys and missing fields), keeping
/// each value's place: a `DecodingError` the type's own `init(from:)` throws becomes a
/// diagnostic at the value it is about.
struct FrontMatterDecoder {
    /// The typed front matter.
    var fields: [String: TypedField]
    /// Where whole-item problems are reported (the opening `---`).
    var start: SourceLocation
    /// The kind's definition, for messages.
    var kind: KindDefinition
    var links: FieldLinks = .asWritten

    /// The decoded value, or the diagnostic its decoding ends in.
    func decode(_ type: any Kind.Type) throws(Diagnostic) -> any Kind {
        do {
            return try type.init(from: TypedFieldDecoder(value: .object(fields), path: [], links: links))
        } catch let error as DecodingError {
            throw diagnostic(for: error, type: type)
        } catch let error as DiagnosticConvertible {
            throw error.diagnostic
        } catch {
            throw .error("cannot read the front matter as \(KindNaming.typeName(type)): \(error)", at: start)
        }
    }

    // MARK: - Private

    private func diagnostic(for error: DecodingError, type: any Kind.Type) -> Diagnostic {
        switch error {
        case .keyNotFound(let key, let context):
            let path = Self.dotted(context.codingPath + [key])
            let spec = self.spec(at: context.codingPath + [key])
            return .error("missing required field '\(path)' for kind '\(kind.name)'", at: start,
                          hint: "add a line such as '\(key.stringValue): \(spec?.placeholder ?? "…")'")
        case .valueNotFound(_, let context):
            let spec = self.spec(at: context.codingPath)
            return .error("'\(Self.dotted(context.codingPath))' must be \(spec?.expectation ?? "a value"), found nothing",
                          at: location(of: context.codingPath))
        case .typeMismatch(let expected, let context):
            return .error("'\(Self.dotted(context.codingPath))' cannot be read as \(expected): \(context.debugDescription)",
                          at: location(of: context.codingPath),
                          hint: "\(KindNaming.typeName(type)).init(from:) reads it differently from the fields Cellar found in the type")
        case .dataCorrupted(let context):
            // A check of the type's own init(from:): its description says what is wrong.
            let path = Self.dotted(context.codingPath)
            let message = path.isEmpty ? "\(context.debugDescription) (kind '\(kind.name)')" : "'\(path)' \(context.debugDescription)"
            return .error(message, at: location(of: context.codingPath))
        @unknown default:
            return .error("cannot read the front matter as \(KindNaming.typeName(type)): \(error)", at: start)
        }
    }

    /// `cast[2].name`: how messages name a place in the front matter (lists count from 1, as FieldTyper does).
    static func dotted(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue { result += "[\(index + 1)]" } else { result += (result.isEmpty ? "" : ".") + key.stringValue }
        }
        return result
    }

    /// The place of the value at `path`, else of its nearest enclosing value, else the start.
    private func location(of path: [any CodingKey]) -> SourceLocation {
        var value = FieldValue.object(fields)
        var found = start
        for key in path {
            let next: TypedField?
            switch value {
            case .object(let members): next = members[key.stringValue]
            case .list(let items): next = key.intValue.flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: next = nil
            }
            guard let next else { break }
            if let location = next.location { found = location }
            value = next.value
        }
        return found
    }

    private func spec(at path: [any CodingKey]) -> FieldSpec? {
        var specs = kind.schema.fields
        var result: FieldSpec?
        for key in path where key.intValue == nil {
            guard let spec = specs.first(where: { $0.name == key.stringValue }) else { return nil }
            result = spec
            var type = spec.type
            while case .list(let element) = type { type = element }
            if case .object(let members) = type { specs = members } else { specs = [] }
        }
        return result
    }
}

// MARK: - The decoder

/// A `Decoder` over one typed value and what it holds.
private struct TypedFieldDecoder: Decoder {
    let value: FieldValue
    let path: [any CodingKey]
    let links: FieldLinks
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: path, debugDescription: "expected a mapping, found \(value.kindName)"))
        }
        return KeyedDecodingContainer(TypedKeyedContainer<Key>(members: members, path: path, links: links))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: path, debugDescription: "expected a list, found \(value.kindName)"))
        }
        return TypedUnkeyedContainer(items: items, path: path, links: links)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TypedSingleContainer(value: value, path: path, links: links)
    }
}

/// Decodes `type` from `value`: scalars Cellar knows directly, anything else through its `init(from:)`.
private func decodeValue<T: Decodable>(_ type: T.Type, from value: FieldValue, path: [any CodingKey], links: FieldLinks) throws -> T {
    if value == .null {
        throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the value is null"))
    }
    if let scalar = type as? any FrontMatterScalar.Type {
        guard let decoded = scalar.decoded(from: value, links: links) as? T else {
            throw DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.kindName)"))
        }
        return decoded
    }
    return try T(from: TypedFieldDecoder(value: value, path: path, links: links))
}

private struct TypedKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: TypedField]
    let path: [any CodingKey]
    let links: FieldLinks
    var codingPath: [any CodingKey] { path }
    var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        (members[key.stringValue]?.value ?? .null) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "no value for '\(key.stringValue)'"))
        }
        return try decodeValue(type, from: member.value, path: path + [key], links: links)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = members[key.stringValue], member.value != .null else { return nil }
        return try decodeValue(type, from: member.value, path: path + [key], links: links)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TypedFieldDecoder(value: members[key.stringValue]?.value ?? .null, path: path + [key], links: links)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TypedFieldDecoder(value: members[key.stringValue]?.value ?? .null, path: path + [key], links: links)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TypedFieldDecoder(value: .object(members), path: path, links: links)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TypedFieldDecoder(value: members[key.stringValue]?.value ?? .null, path: path + [key], links: links)
    }
}

private struct TypedUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [TypedField]
    let path: [any CodingKey]
    let links: FieldLinks
    var codingPath: [any CodingKey] { path }
    var count: Int? { items.count }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [TypedField], path: [any CodingKey], links: FieldLinks) {
        self.items = items
        self.path = path
        self.links = links
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = ListIndexKey(currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path + [key], debugDescription: "the list has no more items"))
        }
        let value = try decodeValue(type, from: items[currentIndex].value, path: path + [key], links: links)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let decoder = TypedFieldDecoder(value: isAtEnd ? .null : items[currentIndex].value,
                                        path: path + [ListIndexKey(currentIndex)], links: links)
        currentIndex += 1
        return try decoder.container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let decoder = TypedFieldDecoder(value: isAtEnd ? .null : items[currentIndex].value,
                                        path: path + [ListIndexKey(currentIndex)], links: links)
        currentIndex += 1
        return try decoder.unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        TypedFieldDecoder(value: .list(items), path: path, links: links)
    }
}

private struct TypedSingleContainer: SingleValueDecodingContainer {
    let value: FieldValue
    let path: [any CodingKey]
    let links: FieldLinks
    var codingPath: [any CodingKey] { path }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type, from: value, path: path, links: links)
    }
}

extension FieldValue {
    /// What a value is, in a word, for decoding messages.
    var kindName: String {
        switch self {
        case .string: "text"
        case .html: "Markdown"
        case .int: "an integer"
        case .number: "a number"
        case .bool: "true or false"
        case .date: "a date"
        case .url: "a URL"
        case .file: "a file path"
        case .list: "a list"
        case .object: "a mapping"
        case .null: "nothing"
        }
    }
}
