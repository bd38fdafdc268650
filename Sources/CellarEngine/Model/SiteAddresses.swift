/// Every file a build of a model writes, relative to the output folder (`posts/a/index.html`,
/// `feed.xml`, `images/logo.svg`): what a link on the site may lead to. Worked out from the model
/// and its pages before anything is written, as ``SiteWriter`` writes them.
enum SiteAddresses {
    static func files(of model: SiteModel, pages: [Page], languageSites: [LanguageSite] = []) -> Set<String> {
        var files = Set<String>(minimumCapacity: pages.count + model.staticFiles.count + model.theme.assets.count + 64)
        for page in pages { files.insert(page.url.outputFile) }
        for base in feedFolders(of: model, languageSites: languageSites) {
            for format in FeedCatalog.formats { files.insert(base.appending(format.file).outputFile) }
        }
        if let redirect = rootRedirect(of: model) { files.insert(redirect.outputFile) }
        files.insert("sitemap.xml")
        if !URLClaims.hasOwnRobots(model.staticFiles) { files.insert("robots.txt") }
        for item in model.items {
            for alias in item.aliases { if let url = AliasPath.url(for: alias) { files.insert(url.outputFile) } }
        }
        files.formUnion(model.staticFiles)
        for (item, resources) in model.bundleResources {
            guard let bundle = item.bundleDirectory else { continue }
            for file in resources { files.insert(item.url.appending(String(file.dropFirst(bundle.count + 1))).outputFile) }
        }
        files.formUnion(model.theme.assets)
        files.formUnion(SiteSearch.files(of: model))
        return files
    }

    /// Where feeds are written: the site's root and its sections', or each language's home and sections'.
    static func feedFolders(of model: SiteModel, languageSites: [LanguageSite]) -> [URLPath] {
        guard !languageSites.isEmpty else { return [URLPath.root] + FeedCatalog.sectionsWithFeeds(model.sections).map(\.url) }
        return languageSites.flatMap { [$0.home] + FeedCatalog.sectionsWithFeeds($0.model.sections).map(\.url) }
    }

    /// The root page that leads to the default language's home when that is under `/<code>/` too
    /// (`default_language_in_subdir: true`).
    static func rootRedirect(of model: SiteModel) -> URLPath? {
        let languages = model.config.languages
        guard languages.isMultilingual, !languages.prefix(of: languages.defaultCode).isEmpty else { return nil }
        return .root
    }
}
