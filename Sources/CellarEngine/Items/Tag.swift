import CellarDiagnostics

/// A tag and the published items that carry it.
package struct Tag: Sendable, Hashable {
    /// The spelling first met (items in source order).
    package var name: String
    package var slug: String
    package var url: URLPath
    /// Items carrying the tag, by id, in source order.
    var itemIDs: [String]
}
