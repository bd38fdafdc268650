import CellarFiles
/// Which pages are the same page in another language: an item's page and its translations' (by
/// ``ContentItem/translationKey``), and each list page and the one at the same address under
/// another language's prefix (`blog/page/2/` and `vi/blog/page/2/`). Pages link their
/// alternates (`<link rel="alternate" hreflang>`), the sitemap lists them, and the language
/// switcher leads to them.
package struct LanguageAlternates: Sendable {
    package struct Alternate: Sendable, Hashable {
        package var language: String
        package var url: URLPath
    }

    package var languages: SiteLanguages
    /// Each group's pages, in the site's order of languages.
    private var groups: [String: [Alternate]] = [:]
    /// Each page's group, by its URL.
    private var groupOf: [URLPath: String] = [:]

    init(languages: SiteLanguages = SiteLanguages()) {
        self.languages = languages
    }

    /// - Parameter itemKey: the translation key of a page's item, by the item's id.
    init(pages: [Page], languages: SiteLanguages, translationKey: (String) -> String?) {
        self.languages = languages
        let order = Dictionary(uniqueKeysWithValues: languages.all.enumerated().map { ($1.code, $0) })
        for page in pages where page.inSitemap {
            guard let language = page.language else { continue }
            let key: String
            if let id = page.itemID, let translation = translationKey(id) {
                key = "item:" + translation
            } else {
                let prefix = languages.prefix(of: language)
                key = "page:" + String(page.url.value.dropFirst(page.url.value.hasPrefix(prefix) ? prefix.count : 0))
            }
            groups[key, default: []].append(Alternate(language: language, url: page.url))
            groupOf[page.url] = key
        }
        for key in groups.keys {
            groups[key]?.sort { (order[$0.language] ?? .max, $0.url) < (order[$1.language] ?? .max, $1.url) }
        }
    }

    /// The page at `url` in every language it is in (itself included), in the site's order of languages.
    package func alternates(of url: URLPath) -> [Alternate] {
        groupOf[url].flatMap { groups[$0] } ?? []
    }

    /// Where the switcher leads for `language` from the page at `url`: the same page in that
    /// language, else that language's home page.
    package func destination(from url: URLPath, in language: String) -> (url: URLPath, isTranslation: Bool) {
        if let same = alternates(of: url).first(where: { $0.language == language }) { return (same.url, true) }
        return (URLPath(languages.prefix(of: language)), false)
    }

    /// A hash of the alternates of the page at `url`: what its `hreflang` links and switcher show.
    func fingerprint(of url: URLPath) -> UInt64 {
        var hash = StableHash()
        for alternate in alternates(of: url) {
            hash.combine(alternate.language)
            hash.combine(alternate.url.value)
        }
        return hash.value
    }
}
