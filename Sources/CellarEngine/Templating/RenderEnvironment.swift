import CellarMustache

/// Everything templates may ask about beyond the item or page at hand: the site, its URL, dates,
/// kinds, sections and tags. Immutable and shared by every render of a build.
final class RenderEnvironment: Sendable {
    let site: SiteConfig
    let url: SiteURL
    let dates: DateFormatting
    let kinds: [String: Kind]
    let sections: [String: ContentSection]
    let links: LinkResolver
    let tags: TagIndex
    /// The site's feeds (Atom, RSS, JSON Feed), for `<link rel="alternate">`.
    let siteFeeds: [FeedLink]
    let generator: String
    /// Each kind's field types by name, for the field lookups of every cell and page render.
    private let fieldTypes: [String: [String: FieldType]]

    init(site: SiteConfig, kinds: [String: Kind], sections: [String: ContentSection], links: LinkResolver,
         tags: TagIndex, siteFeeds: [FeedLink]) {
        self.site = site
        self.url = site.url
        self.dates = DateFormatting(timeZone: site.timeZone, language: site.language)
        self.kinds = kinds
        self.sections = sections
        self.links = links
        self.tags = tags
        self.siteFeeds = siteFeeds
        self.generator = "Cellar \(CellarVersion.current)"
        self.fieldTypes = kinds.mapValues { kind in
            Dictionary(kind.schema.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The type the schema of `kind` gives the field `name`.
    func fieldType(_ name: String, of kind: String) -> FieldType? {
        fieldTypes[kind]?[name]
    }

    func href(_ path: URLPath) -> String { url.href(path) }
    func absolute(_ path: URLPath) -> String { url.absolute(path) }

    /// A field value as templates see it (`enum` values can also be tested: `{{#style.toggle}}`).
    func mustacheValue(of value: FieldValue, type: FieldType?) -> MustacheValue {
        switch value {
        case .string(let text):
            if case .enumeration(let values)? = type { return .custom(EnumValueContext(value: text, values: values)) }
            return .string(text)
        case .html(let html, _): return .html(html)
        case .int(let number): return .int(number)
        case .number(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .date(let date): return .custom(DateContext(date: date, dates: dates))
        case .url(let text):
            return .custom(URLValueContext(url: url.href(written: text)))
        case .file(let reference):
            return .string(fileHref(reference) ?? "")
        case .list(let items):
            let element: FieldType? = if case .list(let inner)? = type { inner } else { nil }
            return .list(items.map { mustacheValue(of: $0.value, type: element) })
        case .object(let fields):
            let specs: [FieldSpec] = if case .object(let specs)? = type { specs } else { [] }
            return .object(Dictionary(uniqueKeysWithValues: fields.map { name, field in
                (name, mustacheValue(of: field.value, type: specs.first { $0.name == name }?.type))
            }))
        case .null: return .null
        }
    }

    /// Where an item is on the site, absolute: its page, or — for kinds without pages — its cell on
    /// its section's page (`https://example.org/links/#item-links-swift`). Feeds and redirects use it.
    func absoluteLocation(of item: Item) -> String {
        if item.hasPage { return absolute(item.url) }
        return absolute(sections[item.sectionID]?.url ?? .root) + "#" + item.anchor
    }

    /// The link to a file named by an `image` or `path` field.
    func fileHref(_ reference: FileReference) -> String? {
        fileURL(reference, printed: href)
    }

    /// The absolute URL of a file named by an `image` field (Open Graph, feeds).
    func fileAbsolute(_ reference: FileReference) -> String? {
        fileURL(reference, printed: absolute)
    }

    /// A remote file's URL as written; a local one's output address, printed by `printed`.
    private func fileURL(_ reference: FileReference, printed: (URLPath) -> String) -> String? {
        if let remote = reference.remoteURL { return remote }
        guard let path = reference.contentPath, let output = links.outputURL(ofFile: path) else { return nil }
        return printed(output)
    }
}
