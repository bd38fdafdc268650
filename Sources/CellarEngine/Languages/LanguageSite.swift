import CellarDiagnostics

/// One language's share of a multilingual site: the model with only the items in that language,
/// its sections, tags, feeds and navigation under its prefix (`vi/`), its title and words. Its
/// pages are assembled exactly as a site in one language's are (``PageAssembler`` needs no
/// language of its own); the places in its lists are places in the whole site's `items`, so the
/// cells are the site's.
struct LanguageSite: Sendable {
    var language: SiteLanguage
    var isDefault: Bool
    var model: SiteModel
    var feeds: FeedCatalog

    /// Its home page: `vi/`, or the site's root.
    var home: URLPath { URLPath(language.prefix) }

    /// Every language's site, in the site's order of languages (empty for a site in one language).
    static func make(_ model: SiteModel, rules: PublishRules, diagnostics: inout DiagnosticBag) -> [LanguageSite] {
        let languages = model.config.languages
        guard languages.isMultilingual else { return [] }
        return languages.all.map { language in
            derive(model, language: language, isDefault: language.code == languages.defaultCode, rules: rules,
                   diagnostics: &diagnostics)
        }
    }

    /// The theme's words, sections and tags of each language, for cells (drawn once, whatever list shows them).
    static func sectionsAndTags(_ sites: [LanguageSite]) -> [String: ([String: ContentSection], TagIndex)] {
        Dictionary(uniqueKeysWithValues: sites.map { ($0.language.code, ($0.model.sectionsByID, $0.model.tags)) })
    }

    // MARK: - Private

    private static func derive(_ model: SiteModel, language: SiteLanguage, isDefault: Bool, rules: PublishRules,
                               diagnostics: inout DiagnosticBag) -> LanguageSite {
        let code = language.code
        let prefix = language.prefix
        let home = URLPath(prefix)
        var derived = model
        let member = model.items.map { $0.siteLanguage == code }
        derived.newestFirst = model.newestFirst.filter { member[$0] }
        derived.sectionPlaces = model.sectionPlaces.mapValues { $0.filter { member[$0] } }

        // The default language has every section; another, those with items or an `_index.vi.md` in
        // it (and those above them), as Hugo lists a section in each language that has words for it.
        var kept = Set<String>()
        for section in model.sections {
            guard isDefault || !(derived.sectionPlaces[section.id] ?? []).isEmpty || section.translations[code] != nil else { continue }
            var id: String? = section.id
            while let current = id, let found = model.sectionsByID[current] {
                kept.insert(current)
                id = found.parentID
            }
        }
        derived.sections = model.sections.filter { kept.contains($0.id) }.map { section in
            var section = section
            section.url = URLPath(prefix + section.url.value)
            if !isDefault {
                let words = section.translations[code]
                section.title = words?.title ?? section.title
                section.description = words?.description ?? section.description
                section.introHTML = words?.introHTML ?? ""
            }
            return section
        }
        derived.sectionsByID = Dictionary(uniqueKeysWithValues: derived.sections.map { ($0.id, $0) })

        derived.config.title = language.title ?? model.config.title
        derived.config.description = language.description ?? model.config.description
        derived.config.language = code
        if !isDefault { derived.config.introHTML = model.config.introTranslations[code]?.introHTML ?? "" }
        var ignored = DiagnosticBag()   // tags that slug alike were reported with the whole site's tags
        derived.tags = TagIndex(items: model.items, root: home.appending("tags/"), including: { $0.siteLanguage == code },
                                diagnostics: &ignored)
        // Its own items by what links translations (`about.md`), over the default language's for a
        // menu it takes from the site settings.
        let ownMenu = language.menu != nil
        var published: [String: ContentItem] = [:]
        if !ownMenu {
            for item in model.items where item.siteLanguage == model.config.languages.defaultCode { published[item.translationKey] = item }
        }
        for (place, item) in model.items.enumerated() where member[place] { published[item.translationKey] = item }
        let tagsTitle = EngineText.tagsTitle.text(in: model.theme.text.table(for: code))
        var menuProblems = DiagnosticBag()
        derived.navigation = MenuResolver(
            sections: derived.sectionsByID,
            topSections: derived.sections.filter { $0.parentID == nil && !$0.id.isEmpty },
            published: published, hidden: [:], rules: rules,
            tagsPage: derived.tags.tags.isEmpty ? nil : NavigationEntry(title: tagsTitle, url: derived.tags.home)
        ).resolve(language.menu ?? model.config.menu, diagnostics: &menuProblems)
        // The site's menu was checked with the site; a language's own is checked here.
        if ownMenu { diagnostics.append(contentsOf: menuProblems.diagnostics) }
        if isDefault { derived.staticFiles = model.staticFiles } else { derived.staticFiles = []; derived.bundleResources = [] }
        let feeds = FeedCatalog(siteTitle: derived.config.title, sections: derived.sections, root: home)
        return LanguageSite(language: language, isDefault: isDefault, model: derived, feeds: feeds)
    }
}
