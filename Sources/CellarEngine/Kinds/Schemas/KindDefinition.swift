import CellarDiagnostics

/// A kind of item — `article`, `review`, `setting` — as a theme declares it in `kinds/<name>.yml`,
/// or as a Swift ``Kind`` declares it: both are typed, listed and scaffolded from this value.
package struct KindDefinition: Sendable, Hashable {
    package var name: String
    /// How `cellar kinds` and editors name it ("Review").
    package var label: String
    package var description: String?
    /// Whether items of this kind get a page of their own.
    package var hasPage: Bool
    /// `searchable:`: the fields the search index reads, with their weights.
    var searchable: SearchableFields = .standard
    /// The kind's own fields, in schema order.
    package var fields: Schema
    /// The common fields followed by the kind's own: what front matter is typed against.
    package var schema: Schema
    /// The schema file, as shown in messages (for a Swift kind: the file that registers it).
    package var file: String
    /// The line of ``file`` that declares it (a Swift kind's registration).
    package var line = 1
    /// The Swift type that declares the kind, when it is one: items of the kind carry a value of it.
    package var swiftType: SwiftKindType?
    /// The theme's schema file of the same name that this Swift kind replaces.
    package var replaces: String?

    /// Where the kind is declared.
    package var location: SourceLocation { SourceLocation(file: file, line: line) }
}

/// A Swift ``Kind`` type, compared by identity.
package struct SwiftKindType: Sendable, Hashable {
    package let type: any Kind.Type

    package init(_ type: any Kind.Type) {
        self.type = type
    }

    /// The type's name as written in Swift: `Review`.
    package var name: String { KindNaming.typeName(type) }

    package static func == (lhs: SwiftKindType, rhs: SwiftKindType) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
    }
}

extension KindDefinition {
    /// Whether a field holds an address (`image`, `path`, `url`), which a Swift value can only
    /// resolve once the site's pages have addresses.
    var linksFields: Bool {
        func links(_ type: FieldType) -> Bool {
            switch type {
            case .image, .path, .url: true
            case .list(let element): links(element)
            case .object(let members): members.contains { links($0.type) }
            default: false
            }
        }
        return fields.fields.contains { links($0.type) }
    }
}
