import CellarDiagnostics

/// The typed front matter of a kind: its fields in the order the schema lists them.
public struct Schema: Sendable, Hashable {
    public var fields: [FieldSpec]

    public init(fields: [FieldSpec]) {
        self.fields = fields
    }

    public subscript(name: String) -> FieldSpec? {
        fields.first { $0.name == name }
    }

    public var names: [String] { fields.map(\.name) }

    /// A schema whose fields are `common` first, then this schema's own.
    package func merged(after common: Schema) -> Schema {
        var result = common.fields
        for field in fields {
            if let index = result.firstIndex(where: { $0.name == field.name }) {
                result[index] = field
            } else {
                result.append(field)
            }
        }
        return Schema(fields: result)
    }
}
