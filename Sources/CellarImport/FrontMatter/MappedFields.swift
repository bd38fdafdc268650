import CellarDiagnostics
import CellarTree

/// A document's front matter in Cellar's terms: the common fields read from whatever the source
/// called them, the URL rules' inputs, and the fields Cellar has no place for.
struct MappedFields: Sendable {
    /// A value with the place it was read from.
    struct Located<Value: Sendable>: Sendable {
        var value: Value
        var location: SourceLocation
    }

    /// A field Cellar has no place for, kept with `--keep-fields` under a name a schema accepts.
    struct Kept: Sendable {
        var name: String
        var node: LocatedNode
    }

    var title: String?
    var date: Located<LooseDate>?
    var updated: Located<LooseDate>?
    var expires: Located<LooseDate>?
    /// The source's own slug (`slug:`), as written.
    var slug: Located<String>?
    /// Hugo's `url:`, Jekyll's `permalink:`.
    var url: Located<String>?
    var tags: [String] = []
    /// Jekyll's categories (with those of the folders above `_posts`), for `:categories` in URLs.
    var categories: [String] = []
    var draft = false
    var summary: String?
    var weight: Int?
    var aliases: [Located<String>] = []
    var subtitle: String?
    var kept: [Kept] = []
}
