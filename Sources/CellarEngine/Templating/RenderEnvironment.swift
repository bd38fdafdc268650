import AnnotatedLocking
import CellarMustache
import Synchronization

/// Everything templates may ask about beyond the item or page at hand: the site, its URL, dates,
/// kinds, sections and tags. Immutable and shared by every render of a build.
final class RenderEnvironment: Sendable {
    let site: SiteConfig
    let url: SiteURL
    let dates: DateFormatting
    let kinds: [String: KindDefinition]
    let sections: [String: ContentSection]
    let links: LinkResolver
    let tags: TagIndex
    /// The site's feeds (Atom, RSS, JSON Feed), for `<link rel="alternate">`.
    let siteFeeds: [FeedLink]
    let generator: String
    /// The navigation every page shows.
    let navigation: [NavigationEntry]
    /// The search index's folder and the search page, when the site has them.
    let searchIndex: URLPath?
    let searchPage: URLPath?
    /// The theme's own words, in every language it has.
    let text: ThemeTextCatalog
    /// The theme's words in the site's language.
    let siteText: ThemeTextTable
    /// The theme's words in the other languages items are in, each merged the first time it is asked for.
    private let otherText = Mutex<[String: ThemeTextTable]>([:])
    /// The home page of the pages drawn with it: the site's root, or a language's (`vi/`).
    let home: URLPath
    /// On a multilingual site, each language's sections (their titles and URLs in it) and tags:
    /// a cell, drawn once for every list, links its item's.
    let languageParts: [String: (sections: [String: ContentSection], tags: TagIndex)]
    /// The images this build processed (empty until ``ImageStage`` has run).
    let images: ImageCatalog
    /// Bodies' `<img>` of processed images, drawn from their variants.
    let bodyPictures: BodyPictures
    /// Each kind's field specs by name, for the field lookups of every cell and page render.
    private let fieldSpecs: [String: [String: FieldSpec]]

    init(site: SiteConfig, kinds: [String: KindDefinition], sections: [String: ContentSection], links: LinkResolver,
         tags: TagIndex, siteFeeds: [FeedLink], navigation: [NavigationEntry] = [],
         text: ThemeTextCatalog = .empty(display: "i18n"), home: URLPath = .root,
         languageParts: [String: (sections: [String: ContentSection], tags: TagIndex)] = [:],
         images: ImageCatalog = .empty, searchIndex: URLPath? = nil, searchPage: URLPath? = nil) {
        self.searchIndex = searchIndex
        self.searchPage = searchPage
        self.images = images
        self.bodyPictures = BodyPictures(images, site: site.url)
        self.site = site
        self.home = home
        self.languageParts = languageParts
        self.url = site.url
        self.dates = DateFormatting(timeZone: site.timeZone, language: site.language)
        self.kinds = kinds
        self.sections = sections
        self.links = links
        self.tags = tags
        self.siteFeeds = siteFeeds
        self.generator = "Cellar \(CellarVersion.current)"
        self.navigation = navigation
        self.text = text
        self.siteText = text.table(for: site.language)
        self.fieldSpecs = kinds.mapValues { kind in
            Dictionary(kind.schema.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The section `item` is in, as its language shows it.
    func section(of item: ContentItem) -> ContentSection? {
        (languageParts[item.siteLanguage]?.sections ?? sections)[item.sectionID]
    }

    /// The tags of `item`'s language.
    func tags(of item: ContentItem) -> TagIndex {
        languageParts[item.siteLanguage]?.tags ?? tags
    }

    /// The language a list showing `item` is in: the item's site language on a multilingual site.
    func listLanguage(of item: ContentItem) -> String {
        languageParts.isEmpty ? site.language : item.siteLanguage
    }

    /// The spec the schema of `kind` gives the field `name`.
    func fieldSpec(_ name: String, of kind: String) -> FieldSpec? {
        fieldSpecs[kind]?[name]
    }

    /// The theme's words in an item's language.
    func text(for item: ContentItem) -> ThemeTextTable {
        text(in: item.language)
    }

    /// The theme's words in `language`, with its fallbacks (tables are merged once per build and language).
    func text(in language: String) -> ThemeTextTable {
        if language == site.language { return siteText }
        return otherText.withAnnotatedLock { tables in
            if let table = tables[language] { return table }
            let table = text.table(for: language)
            tables[language] = table
            return table
        }
    }

    func href(_ path: URLPath) -> String { url.href(path) }
    func absolute(_ path: URLPath) -> String { url.absolute(path) }

    /// A field value as templates see it (`enum` values can also be tested: `{{#style.toggle}}`); dates
    /// in `language` (nil: the site's).
    func mustacheValue(of value: FieldValue, type: FieldType?, labels: [String: String] = [:],
                       language: String? = nil) -> MustacheValue {
        var values = FieldTemplateValues(dates: dates, url: url, fileHref: fileHref)
        values.picture = picture(of:)
        return values.value(value, type: type, labels: labels, language: language)
    }

    /// Where an item is on the site, absolute: its page, or — for kinds without pages — its cell on
    /// its section's page (`https://example.org/links/#item-links-swift`). Feeds and redirects use it.
    func absoluteLocation(of item: ContentItem) -> String {
        if item.hasPage { return absolute(item.url) }
        return absolute(section(of: item)?.url ?? .root) + "#" + item.anchor
    }

    /// The link to a file named by an `image` or `path` field.
    func fileHref(_ reference: FileReference) -> String? {
        fileURL(reference, absolute: false)
    }

    /// The markup of a processed image (nil: it was not processed).
    func picture(of reference: FileReference) -> PictureMarkup? {
        guard let path = reference.contentPath, let entry = images.entries[path] else { return nil }
        return PictureMarkup(entry: entry, site: url)
    }

    /// The absolute URL of a file named by an `image` field (Open Graph, feeds).
    func fileAbsolute(_ reference: FileReference) -> String? {
        fileURL(reference, absolute: true)
    }

    /// A remote file's URL as written; a local one's output address, printed by `printed`.
    private func fileURL(_ reference: FileReference, absolute: Bool) -> String? {
        if let remote = reference.remoteURL { return remote }
        guard let path = reference.contentPath else { return nil }
        if let entry = images.entries[path] { return PictureMarkup(entry: entry, site: url, absolute: absolute).fallback }
        guard let output = links.outputURL(ofFile: path) else { return nil }
        return absolute ? self.absolute(output) : href(output)
    }
}
