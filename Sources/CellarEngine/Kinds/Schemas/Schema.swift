import CellarDiagnostics

/// The typed front matter of a kind: its fields in the order the schema lists them.
package struct Schema: Sendable, Hashable {
    package var fields: [FieldSpec]

    package init(fields: [FieldSpec]) {
        self.fields = fields
    }

    package subscript(name: String) -> FieldSpec? {
        fields.first { $0.name == name }
    }

    package var names: [String] { fields.map(\.name) }

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
