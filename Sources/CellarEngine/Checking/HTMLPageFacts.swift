/// What the link checker needs to know of one HTML page: its ids, its links and its images
/// without an `alt` attribute.
struct HTMLPageFacts: Sendable {
    /// One `href` or `src`, as the page has it (entities decoded).
    struct Link: Sendable, Hashable {
        var tag: String
        var attribute: String
        var value: String
    }

    /// Every `id` (and `<a name>`): the anchors `#fragment` links may point to.
    var ids: Set<String> = []
    var links: [Link] = []
    /// The `src` of each `<img>` without an `alt` attribute.
    var imagesWithoutAlt: [String] = []

    /// The attributes that link somewhere, by tag.
    static let linkAttributes: [String: String] = [
        "a": "href", "area": "href", "link": "href",
        "img": "src", "script": "src", "iframe": "src", "source": "src", "audio": "src", "video": "src",
        "embed": "src", "track": "src",
    ]

    init(html bytes: [UInt8]) {
        for tag in HTMLScanner.tags(in: bytes) {
            if let id = tag.attribute("id")?.value, !id.isEmpty { ids.insert(id) }
            if tag.name == "a", let name = tag.attribute("name")?.value, !name.isEmpty { ids.insert(name) }
            if let attribute = Self.linkAttributes[tag.name], let value = tag.attribute(attribute)?.value {
                links.append(Link(tag: tag.name, attribute: attribute, value: value))
            }
            if tag.name == "img", tag.attribute("alt") == nil {
                imagesWithoutAlt.append(tag.attribute("src")?.value ?? "")
            }
        }
    }
}
