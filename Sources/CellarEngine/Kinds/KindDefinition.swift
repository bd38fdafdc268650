import CellarDiagnostics

/// A kind of item — `article`, `review`, `setting` — as a theme declares it in `kinds/<name>.yml`,
/// or as a Swift ``Kind`` declares it: both are typed, listed and scaffolded from this value.
public struct KindDefinition: Sendable, Hashable {
    public var name: String
    /// How `cellar kinds` and editors name it ("Review").
    public var label: String
    public var description: String?
    /// Whether items of this kind get a page of their own.
    public var hasPage: Bool
    /// The kind's own fields, in schema order.
    public var fields: Schema
    /// The common fields followed by the kind's own: what front matter is typed against.
    public var schema: Schema
    /// The schema file, as shown in messages (for a Swift kind: the file that registers it).
    public var file: String
    /// The line of ``file`` that declares it (a Swift kind's registration).
    public var line = 1
    /// The Swift type that declares the kind, when it is one: items of the kind carry a value of it.
    public var swiftType: SwiftKindType?
    /// The theme's schema file of the same name that this Swift kind replaces.
    public var replaces: String?

    /// Where the kind is declared.
    public var location: SourceLocation { SourceLocation(file: file, line: line) }
}

/// A Swift ``Kind`` type, compared by identity.
public struct SwiftKindType: Sendable, Hashable {
    public let type: any Kind.Type

    package init(_ type: any Kind.Type) {
        self.type = type
    }

    /// The type's name as written in Swift: `Review`.
    public var name: String { KindNaming.typeName(type) }

    public static func == (lhs: SwiftKindType, rhs: SwiftKindType) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }

    public func hash(into hasher: inout Hasher) {
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
