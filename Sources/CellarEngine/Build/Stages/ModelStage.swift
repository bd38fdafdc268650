import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// From the parsed items to the site model: the publishing rules applied, URLs checked for
/// collisions, tags gathered, bodies rendered with their links resolved, introductions rendered,
/// every section sorted.
///
/// When the frame is the last build's and every re-read item is published and placed as before
/// (same URL, section, dates, tags, order… see ``placement(of:in:)``), the last model is patched
/// with those items instead: only their bodies are rendered again.
struct ModelStage {
    struct Memo: Sendable {
        /// The last successful build's model (dropped when a build fails).
        var model: SiteModel?
        /// Each published item's placement in `model`.
        var placements: [String: UInt64] = [:]
        /// What building `model` reported about the site as a whole (URL collisions, tags that slug
        /// alike, links in introductions): reported again by a build that patches it.
        var siteDiagnostics: [Diagnostic] = []
        /// Rendered bodies, kept even when a build fails (they are keyed by what they are made from).
        var bodies = BodyStage.Memo()
        /// The files of `content/` the shortcodes of introductions drew from, with their hash then:
        /// a change to one rebuilds the model (introductions are drawn there).
        var introReads: [String: UInt64] = [:]
    }

    struct Output: Sendable {
        var model: SiteModel
        /// The ids of the items whose content changed in a patched model; nil when the model was
        /// built anew (then anything may have changed).
        var changed: Set<String>?
        var diagnostics: [Diagnostic]
    }

    var setup: ItemStageSetup

    func run(_ parsed: ParseStage.Output, memo: inout Memo) async -> Output {
        if let patched = await patch(parsed, memo: &memo) { return patched }
        return await rebuild(parsed, memo: &memo)
    }

    /// Everything that decides where an item appears and in which order: an edit that changes none
    /// of it changes only the item's own page, the pages that show its cell and the feeds it is in.
    static func placement(of item: ContentItem, in sections: [String: ContentSection]) -> UInt64 {
        var hash = StableHash()
        hash.combine(item.sectionID)
        hash.combine(item.url.value)
        hash.combine(item.kind)
        hash.combine(item.hasPage ? 1 : 0)
        hash.combine(UInt64(bitPattern: Int64((item.date?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(UInt64(bitPattern: Int64((item.updated?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(UInt64(bitPattern: Int64((item.expires?.timeIntervalSince1970 ?? -1) * 1000)))
        hash.combine(item.weight)
        hash.combine(item.draft ? 1 : 0)
        hash.combine(item.siteLanguage)
        hash.combine(item.translationKey)
        for tag in item.tags { hash.combine(tag) }
        hash.combine(0xA1)
        for alias in item.aliases { hash.combine(alias) }
        let section = sections[item.sectionID]
        if section?.sort == .title { hash.combine(item.source.sortTitle) }
        if case .field(let name) = section?.grouping { hash.combine(item.fields[name].map { "\($0.value)" } ?? "") }
        return hash.value
    }

    /// The translation keys of the pages the menus of a multilingual site may name (`about.md`,
    /// `about/index.md` for `about`).
    static func menuKeys(_ config: SiteConfig) -> Set<String> {
        guard config.languages.isMultilingual else { return [] }
        var keys = Set<String>()
        for entry in (config.menu ?? []) + config.languages.all.flatMap({ $0.menu ?? [] }) {
            switch entry.target {
            case .page(let name), .content(let name): keys.formUnion([name + ".md", name + "/index.md"])
            case .section, .link: break
            }
        }
        return keys
    }

    /// Draws the shortcodes bodies call, with the frame's theme and settings.
    private var shortcodes: ShortcodeRenderer {
        ShortcodeRenderer(theme: setup.frame.site.theme, site: setup.frame.site.config, files: setup.frame.site.scan.files,
                          contentRoot: setup.frame.site.layout.content, contentDisplayRoot: setup.frame.site.layout.display(sitePath: "content"))
    }

    // MARK: - Private

    /// The last model with the re-read items' new bodies, or nil when anything moved.
    private func patch(_ parsed: ParseStage.Output, memo: inout Memo) async -> Output? {
        // A file that no longer parses is not among the fresh items: the build fails on its errors.
        guard var model = memo.model, !setup.frame.reloaded, !parsed.sourcesChanged, parsed.freshItems.count == parsed.freshCount
        else { return nil }
        // A body drawn from a data file that changed (a chart's CSV) is drawn again by a rebuild.
        let shortcodes = self.shortcodes
        guard !memo.bodies.dataFilesChanged(shortcodes),
              memo.introReads.allSatisfy({ shortcodes.hashOfRead($0.key) == $0.value }) else { return nil }
        // The memo lets go of the model (the rebuild drops it anyway) so that replacing items does
        // not copy ten thousand of them.
        memo.model = nil
        let inMenu = Set(model.navigation.compactMap(\.itemID))
        // On a multilingual site, a page a language's menu names (its translation of a page the site's names).
        let menuKeys = Self.menuKeys(model.config)
        for item in parsed.freshItems {
            // A page the menu names may have changed its title, which every page shows.
            guard model.itemsByID[item.id] != nil, setup.rules.publishes(item), !inMenu.contains(item.id),
                  !menuKeys.contains(item.translationKey),
                  Self.placement(of: item, in: model.sectionsByID) == memo.placements[item.id] else { return nil }
        }
        let bodies = BodyStage(markdown: MarkdownRenderer(options: model.config.markdown), links: model.links, linksKey: model.linksKey,
                               shortcodes: shortcodes, highlighting: setup.highlighting, collectsReferences: setup.collectsReferences)
        let changed = await bodies.run(parsed.freshItems, early: parsed.early, complete: false, memo: &memo.bodies)
        if model.positions.isEmpty { model.placeItems() }   // the first patch of a model built anew
        for item in changed { model.replace(item) }
        memo.model = model
        let diagnostics = memo.siteDiagnostics + memo.bodies.diagnostics
        return Output(model: model, changed: Set(changed.map(\.id)), diagnostics: diagnostics)
    }

    private func rebuild(_ parsed: ParseStage.Output, memo: inout Memo) async -> Output {
        let site = setup.frame.site
        let layout = site.layout
        memo.model = nil
        var siteWide = DiagnosticBag()
        let published = parsed.items.filter(setup.rules.publishes)
        let hidden = parsed.items.filter { !setup.rules.publishes($0) }
        let tags = TagIndex(items: published, diagnostics: &siteWide)
        Trace.mark("model: published, tags")
        // Checking who claims each URL needs nothing the bodies make: it runs while they render.
        async let claimProblems = { () -> [Diagnostic] in
            var found = DiagnosticBag()
            URLClaims.check(published, tags: tags, site: site, diagnostics: &found)
            return found.diagnostics
        }()

        var pageURLs: [String: URLPath] = [:]
        for item in published { pageURLs[item.id] = item.url }
        for section in site.sections.values { pageURLs[Paths.join(section.id, "_index.md")] = section.url }
        pageURLs["_index.md"] = .root
        var bundleURLs: [String: URLPath] = [:]
        var hiddenBundles: Set<String> = []
        // A bundle's files are linked at its default language's page (each translation has a copy of them too).
        for item in published where item.id.hasSuffix("/index.md") || bundleURLs[item.bundleDirectory ?? ""] == nil {
            if let bundle = item.bundleDirectory { bundleURLs[bundle] = item.url }
        }
        for item in hidden { if let bundle = item.bundleDirectory { hiddenBundles.insert(bundle) } }
        var aliasURLs: [String: URLPath] = [:]
        for item in published {
            for alias in item.aliases { if let path = AliasPath.url(for: alias) { aliasURLs[path.value] = item.url } }
        }
        let links = LinkResolver(
            siteURL: site.config.url, files: site.scan.files, pageURLs: pageURLs,
            hiddenItems: Set(hidden.map(\.id)), bundleURLs: bundleURLs, hiddenBundles: hiddenBundles,
            contentDisplayRoot: layout.display(sitePath: "content"), policy: site.config.links, aliasURLs: aliasURLs)
        let markdown = MarkdownRenderer(options: site.config.markdown)
        let linksKey = links.fingerprint
        Trace.mark("model: links")
        let items = await BodyStage(markdown: markdown, links: links, linksKey: linksKey, shortcodes: shortcodes,
                                    highlighting: setup.highlighting, policy: setup.policy, collectsReferences: setup.collectsReferences,
                                    keepsForNextProcess: setup.keepsBodiesForNextProcess)
            .run(published, early: parsed.early, complete: true, memo: &memo.bodies)
        setup.reporter.progress(.buildingModel, done: items.count, total: items.count)

        Trace.mark("model: bodies rendered")
        siteWide.append(contentsOf: await claimProblems)
        Trace.mark("model: URL claims checked")
        // Introductions (the bodies of _index.md files) link like items do.
        var introLinks: [SiteModel.IntroLink] = []
        var introReads: [String: UInt64] = [:]
        var introReferences: [String: [BodyReference]] = [:]
        let shortcodes = self.shortcodes
        /// - Parameter checked: the name `cellar check` knows the introduction by (its `_index.md`), when
        ///   its links and images are checked (those of the default language).
        func intro(_ body: String, folder: String, file: String, firstLine: Int, page: URLPath, language: String? = nil,
                   checked: String? = nil) -> String {
            // An introduction that calls shortcodes (a glossary's `{{< definitions >}}`) is drawn as a body is.
            if body.contains("{{<") || body.contains("{{%") {
                var introBody = IntroBody(markdown: markdown, links: links, shortcodes: shortcodes, highlighting: setup.highlighting)
                introBody.collectsReferences = setup.collectsReferences && checked != nil
                let rendered = introBody.render(body, folder: folder, file: file, firstLine: firstLine, page: page,
                                                language: language ?? site.config.language, diagnostics: &siteWide)
                introLinks += rendered.links.map { SiteModel.IntroLink(page: page, link: $0) }
                introReads.merge(rendered.reads) { $1 }
                if let checked, setup.collectsReferences { introReferences[checked] = rendered.references }
                return rendered.html
            }
            let introRenderer = setup.highlighting?.renderer(markdown, file: file, firstLine: firstLine) ?? markdown
            var references = BodyReference.Collector(markdown: body, collecting: setup.collectsReferences && checked != nil)
            let html = introRenderer.render(body) { reference in
                var pageLink: PageLink?
                let href = links.rewrite(reference, directory: folder, file: file, firstLine: firstLine, diagnostics: &siteWide,
                                         pageLink: &pageLink)
                if let pageLink { introLinks.append(SiteModel.IntroLink(page: page, link: pageLink)) }
                references.add(reference, href: href)
                return href
            }.html
            if let checked, setup.collectsReferences { introReferences[checked] = references.found }
            return html
        }
        var config = site.config
        config.introHTML = intro(config.introMarkdown, folder: "", file: config.file, firstLine: config.introFirstLine, page: .root,
                                 checked: "_index.md")
        let languages = config.languages
        for (code, words) in config.introTranslations.sorted(by: { $0.key < $1.key }) {
            config.introTranslations[code]?.introHTML = intro(words.introMarkdown, folder: "", file: words.file,
                                                              firstLine: words.introFirstLine, page: URLPath(languages.prefix(of: code)))
        }
        var sectionsByID = site.sections
        for (id, section) in sectionsByID.sorted(by: { $0.key < $1.key }) {
            sectionsByID[id]?.introHTML = intro(section.introMarkdown, folder: id, file: section.file,
                                                firstLine: section.introFirstLine, page: section.url, language: section.language,
                                                checked: id.isEmpty ? nil : Paths.join(id, "_index.md"))
            for (code, words) in section.translations.sorted(by: { $0.key < $1.key }) {
                sectionsByID[id]?.translations[code]?.introHTML = intro(
                    words.introMarkdown, folder: id, file: words.file, firstLine: words.introFirstLine,
                    page: URLPath(languages.prefix(of: code) + section.url.value))
            }
        }

        // The bodies keep the items' order: places in `published` (the tags') are places in `items`.
        let dates = items.map(\.date), withPage = items.map(\.hasPage)
        var sectionPlaces: [String: [Int]] = [:]
        for (sectionID, places) in Dictionary(grouping: items.indices, by: { items[$0].sectionID }) {
            let section = site.sections[sectionID]
            let order = ItemSorter.order(places.map { items[$0] }, dates: places.map { dates[$0] },
                                         by: section?.sort ?? .date, ascending: section?.ascending ?? false)
            sectionPlaces[sectionID] = order.map { places[$0] }
        }
        let sections = sectionsByID.values.sorted { ($0.weight, $0.title.lowercased(), $0.id) < ($1.weight, $1.title.lowercased(), $1.id) }
        let resources = items.compactMap { item in item.bundleDirectory.map { (item, site.scan.bundleResources[$0] ?? []) } }
        let now = setup.rules.now
        let scheduled = (parsed.items.compactMap { $0.date }.filter { $0 > now && !setup.rules.includeFuture }
            + parsed.items.compactMap { $0.expires }.filter { $0 > now }).min()
        let itemsByID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let navigation = MenuResolver(
            sections: sectionsByID, topSections: sections.filter { $0.parentID == nil && !$0.id.isEmpty },
            published: itemsByID,
            hidden: Dictionary(hidden.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), rules: setup.rules,
            tagsPage: tags.tags.isEmpty ? nil : NavigationEntry(
                title: EngineText.tagsTitle.text(in: site.theme.text.table(for: config.language)), url: TagIndex.root)
        ).resolve(config.menu, diagnostics: &siteWide)
        var unpublished = SiteModel.Unpublished()
        for item in hidden {
            if item.draft && !setup.rules.includeDrafts { unpublished.drafts += 1 }
            else if let date = item.date, date > now, !setup.rules.includeFuture { unpublished.future += 1 }
        }
        Trace.mark("model: sorted, menus")
        var model = SiteModel(
            config: config, theme: site.theme, sections: sections, sectionsByID: sectionsByID, items: items,
            itemsByID: itemsByID, sectionPlaces: sectionPlaces,
            newestFirst: ItemSorter.newestFirst(items, dates: dates), dates: dates, withPage: withPage,
            tags: tags, staticFiles: site.scan.staticFiles, links: links,
            nextScheduledChange: scheduled
        )
        model.bundleResources = resources
        model.navigation = navigation
        model.introLinks = introLinks
        memo.introReads = introReads
        model.introReferences = introReferences
        model.unpublished = unpublished
        model.linksKey = linksKey
        memo.model = model
        // Placements serve only a later build that patches this model (not `cellar build`'s one).
        memo.placements = setup.thisBuildOnly ? [:] : Dictionary(uniqueKeysWithValues: items.map { ($0.id, Self.placement(of: $0, in: sectionsByID)) })
        memo.siteDiagnostics = siteWide.diagnostics
        Trace.mark("model: built")
        return Output(model: model, changed: nil, diagnostics: siteWide.diagnostics + memo.bodies.diagnostics)
    }
}
