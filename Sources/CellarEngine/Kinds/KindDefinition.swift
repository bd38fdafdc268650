import CellarDiagnostics

/// A kind of item — `article`, `review`, `setting` — as its theme declares it in `kinds/<name>.yml`.
/// Kinds are data, not Swift types: adding one is a schema file and a cell template.
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
    /// The schema file, as shown in messages.
    public var file: String
}
