import CellarDiagnostics

/// A tag and the published items that carry it.
public struct Tag: Sendable, Hashable {
    /// The spelling first met (items in source order).
    public var name: String
    public var slug: String
    public var url: URLPath
    /// Items carrying the tag, by id, in source order.
    public var itemIDs: [String]
}
