import Foundation

/// Reads the fields of a Swift ``Kind`` by decoding it once from placeholder values, recording
/// what its `init(from:)` asks for: each key, its type, and whether it was `decode` (a required
/// field) or `decodeIfPresent` (an optional one). Nested `Decodable` structs become `object`
/// fields, arrays lists, `CaseIterable` string enums `enum` fields with their values.
///
/// Placeholders honour the kind's ``KindField`` details (a default, else the minimum), so an
/// `init(from:)` that validates what it reads still accepts them.
struct SchemaProbe {
    /// A field as the type's decoding asked for it.
    struct ProbedField: Equatable {
        var name: String
        var type: FieldType
        var required: Bool
    }

    /// Why a type's fields could not be read.
    struct Failure: Error, Equatable {
        var message: String
        var hint: String?
    }

    /// Details by dotted path (`rating`, `links.outside`), for placeholders.
    var details: [String: KindField]

    /// The fields `type` decodes, in the order it decodes them.
    func fields(of type: any Kind.Type) throws(Failure) -> [ProbedField] {
        let decoder = ProbeDecoder(path: [], probe: self)
        do {
            _ = try type.init(from: decoder)
        } catch let failure as Failure {
            throw failure
        } catch {
            let typeName = KindNaming.typeName(type)
            let field = Self.field(of: error)
            throw Failure(
                message: "\(typeName).init(from:) refused the stand-in values Cellar decodes it from to learn its fields: \(Self.describe(error))",
                hint: field.map { "give '\($0)' an example your checks accept: KindField(\"\($0)\", example: \"…\") in \(typeName).fields" }
                    ?? "give each field your init(from:) checks an example it accepts: KindField(\"name\", example: \"…\") in \(typeName).fields"
            )
        }
        if case .none = decoder.shape { return [] }   // a kind with no fields of its own
        guard case .keyed(let record) = decoder.shape else {
            throw Failure(message: "\(KindNaming.typeName(type)) does not decode a mapping of fields",
                          hint: "a kind is a struct whose properties are its fields; let Swift synthesize init(from:) or use container(keyedBy:)")
        }
        return record.fields
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            let path = FrontMatterDecoder.dotted(context.codingPath)
            return (path.isEmpty ? "" : "'\(path)' ") + context.debugDescription
        default:
            return String(describing: error)
        }
    }

    /// The field an error is about (`version`, `maker.name`), when it says.
    static func field(of error: any Error) -> String? {
        guard case DecodingError.dataCorrupted(let context) = error else { return nil }
        let path = context.codingPath.filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? nil : path
    }

    // MARK: - Values

    /// The field type of `type` and a placeholder of it, at `path`.
    func probe<T: Decodable>(_ type: T.Type, at path: [any CodingKey]) throws -> (FieldType, T) {
        let dotted = path.filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
        let detail = details[dotted]
        if let scalar = type as? any FrontMatterScalar.Type {
            let (fieldType, value) = scalar.probePlaceholder(detail)
            guard let value = value as? T else { throw Failure(message: "cannot make a placeholder for \(T.self)") }
            return (fieldType, value)
        }
        if let enumeration = type as? any CaseIterable.Type {
            let cases: [Any] = (enumeration.allCases as any Collection).map { $0 as Any }
            let values = cases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
            if values.count == cases.count, !values.isEmpty {
                let wanted = detail?.example ?? detail?.defaultValue
                let chosen = cases.first { ($0 as? any RawRepresentable)?.rawValue as? String == wanted } ?? cases[0]
                guard let value = chosen as? T else { throw Failure(message: "cannot make a placeholder for \(T.self)") }
                return (.enumeration(values), value)
            }
        }
        if type is any DictionaryMarker.Type {
            throw Failure(message: "'\(dotted)' is a dictionary; fields of a kind are named in advance",
                          hint: "use a struct with a property for each key (an 'object' field)")
        }
        let decoder = ProbeDecoder(path: path, probe: self)
        let value = try T(from: decoder)
        switch decoder.shape {
        case .keyed(let record):
            return (.object(record.fields.map { FieldSpec(name: $0.name, type: $0.type, required: $0.required) }), value)
        case .unkeyed(let element):
            return (.list(element ?? .string), value)
        case .single(let fieldType):
            return (fieldType, value)
        case .none:
            throw Failure(message: "\(T.self) at '\(dotted)' reads nothing from its decoder")
        }
    }
}

/// Marks dictionaries, which a schema cannot describe.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

/// Marks optionals, so a `decode(T?.self, …)` is an optional field of `T`.
protocol OptionalMarker {
    static var wrappedDecodable: (any Decodable.Type)? { get }
    static func wrapping(_ value: Any) -> Self
}

extension Optional: OptionalMarker {
    static var wrappedDecodable: (any Decodable.Type)? { Wrapped.self as? any Decodable.Type }
    static func wrapping(_ value: Any) -> Self { value as? Wrapped }
}

// MARK: - The decoder

/// Records what a `Decodable` type asks of it, handing back placeholders.
final class ProbeDecoder: Decoder {
    enum Shape {
        case none
        case keyed(KeyedRecord)
        case unkeyed(FieldType?)
        case single(FieldType)
    }

    final class KeyedRecord {
        var fields: [SchemaProbe.ProbedField] = []
        /// Keys asked about with `contains`: decoding them afterwards is conditional (optional).
        var tested: Set<String> = []

        func record(_ name: String, _ type: FieldType, required: Bool) {
            let required = required && !tested.contains(name)
            if let index = fields.firstIndex(where: { $0.name == name }) {
                fields[index].required = fields[index].required && required
            } else {
                fields.append(SchemaProbe.ProbedField(name: name, type: type, required: required))
            }
        }
    }

    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let probe: SchemaProbe
    var shape: Shape = .none

    init(path: [any CodingKey], probe: SchemaProbe) {
        self.codingPath = path
        self.probe = probe
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let record: KeyedRecord
        if case .keyed(let existing) = shape { record = existing } else {
            record = KeyedRecord()
            shape = .keyed(record)
        }
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self, record: record))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleContainer(decoder: self)
    }

    /// A placeholder for `type` at `path`, recording its field type.
    func placeholder<T: Decodable>(_ type: T.Type, at path: [any CodingKey]) throws -> (FieldType, T, required: Bool) {
        if let optional = type as? any OptionalMarker.Type, let wrapped = optional.wrappedDecodable {
            let (fieldType, value) = try probeOpened(wrapped, at: path)
            guard let result = optional.wrapping(value) as? T else { throw SchemaProbe.Failure(message: "cannot wrap \(T.self)") }
            return (fieldType, result, false)
        }
        let (fieldType, value) = try probe.probe(type, at: path)
        return (fieldType, value, true)
    }

    private func probeOpened<W: Decodable>(_ type: W.Type, at path: [any CodingKey]) throws -> (FieldType, Any) {
        let (fieldType, value) = try probe.probe(type, at: path)
        return (fieldType, value)
    }
}

private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    let record: ProbeDecoder.KeyedRecord
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        record.tested.insert(key.stringValue)
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        record.tested.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (fieldType, value, required) = try decoder.placeholder(type, at: codingPath + [key])
        record.record(key.stringValue, fieldType, required: required)
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let (fieldType, value, _) = try decoder.placeholder(type, at: codingPath + [key])
        record.record(key.stringValue, fieldType, required: false)
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        throws -> KeyedDecodingContainer<NestedKey> {
        throw SchemaProbe.Failure(message: "'\(key.stringValue)' is read with nestedContainer(keyedBy:forKey:)",
                                  hint: "decode a nested Decodable struct instead, so Cellar can describe its fields")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SchemaProbe.Failure(message: "'\(key.stringValue)' is read with nestedUnkeyedContainer(forKey:)",
                                  hint: "decode an array instead, so Cellar can describe its elements")
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// Hands back one element, recording its type: the element type of a list.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
        decoder.shape = .unkeyed(nil)
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (fieldType, value, _) = try decoder.placeholder(type, at: codingPath + [ListIndexKey(currentIndex)])
        decoder.shape = .unkeyed(fieldType)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw SchemaProbe.Failure(message: "a list element is read with nestedContainer(keyedBy:)",
                                  hint: "decode an array of a Decodable struct instead")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SchemaProbe.Failure(message: "a list element is read with nestedUnkeyedContainer()",
                                  hint: "decode an array of arrays instead")
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

/// A scalar read straight from the decoder: the type it asks for is the field's type.
private struct ProbeSingleContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (fieldType, value, _) = try decoder.placeholder(type, at: codingPath)
        decoder.shape = .single(fieldType)
        return value
    }
}

/// The coding key of a list element.
struct ListIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
