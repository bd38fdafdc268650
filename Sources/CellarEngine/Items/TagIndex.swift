import CellarDiagnostics
import CellarFiles

/// Every tag of the published items. Tags whose slugs are equal (`Swift`, `swift`) are one tag.
struct TagIndex: Sendable {
    private(set) var tags: [Tag] = []
    /// Each tag's items (`tags[i]`'s at `places[i]`) by their places in the list the index was made
    /// from, in that order: lists of a big site's tags are made from these, not from ids.
    private(set) var places: [[Int32]] = []
    private var indexBySlug: [String: Int] = [:]
    /// Every spelling met, for lookups without slugging again.
    private var indexByName: [String: Int] = [:]

    static let root = URLPath("tags/")

    /// Where the tag pages are: `tags/`, or `vi/tags/` for a language's.
    private(set) var home = Self.root

    /// - Parameters:
    ///   - items: published items, in a stable order (by id).
    ///   - root: where the tags index is (`vi/tags/` for the tags of one language of the site).
    ///   - including: the items whose tags count (each language of a site has its own tags); the
    ///     places are still places in `items`.
    init(items: [ContentItem], root: URLPath = Self.root, including: ((ContentItem) -> Bool)? = nil,
         diagnostics: inout DiagnosticBag) {
        self.home = root
        var firstSeen: [String: (name: String, file: String)] = [:]
        var reported = Set<String>()
        // A site writes each tag the same way thousands of times: each spelling is slugged once
        // and then leads straight to its tag (by its place in `tags` as they are made).
        var spellings: [String: Int] = [:]
        for (place, item) in items.enumerated() {
            if let including, !including(item) { continue }
            for name in item.tags {
                let index: Int
                if let known = spellings[name] {
                    index = known
                } else {
                    let slug = Slug.make(name)
                    if let existing = indexBySlug[slug] {
                        index = existing
                        if let first = firstSeen[slug], first.name != name, reported.insert(slug + "\u{0}" + name).inserted {
                            diagnostics.append(.note(
                                "tags '\(first.name)' (\(first.file)) and '\(name)' share the URL \(root.appending(slug + "/")) and are one tag",
                                at: item.fields["tags"]?.location ?? item.location,
                                hint: "write the tag the same way everywhere to silence this note"))
                        }
                    } else {
                        index = tags.count
                        indexBySlug[slug] = index
                        firstSeen[slug] = (name, item.file)
                        tags.append(Tag(name: name, slug: slug, url: root.appending(slug + "/"), itemIDs: []))
                        places.append([])
                    }
                    spellings[name] = index
                }
                // Items come one after the other: only this item's own tags can repeat it (not a
                // search of the whole list, which made this quadratic in the number of items).
                if places[index].last != Int32(place) {
                    tags[index].itemIDs.append(item.id)
                    places[index].append(Int32(place))
                }
            }
        }
        let order = tags.indices.sorted { tags[$0].name.lowercased() < tags[$1].name.lowercased() }
        tags = order.map { tags[$0] }
        places = order.map { places[$0] }
        var sortedPlace = [Int](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { sortedPlace[old] = new }
        indexBySlug = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1.slug, $0) })
        indexByName = spellings.mapValues { sortedPlace[$0] }
    }

    func tag(named name: String) -> Tag? {
        index(named: name).map { tags[$0] }
    }

    /// The place in ``tags`` of the tag `name` is a spelling of.
    func index(named name: String) -> Int? {
        indexByName[name] ?? indexBySlug[Slug.make(name)]
    }

    /// A fingerprint of every tag's name and slug: tag names printed in cells depend on it.
    var fingerprint: UInt64 {
        var hash = StableHash()
        for tag in tags { hash.combine(tag.name); hash.combine(tag.slug) }
        return hash.value
    }
}
