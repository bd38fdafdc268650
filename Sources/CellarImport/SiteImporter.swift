import CellarDiagnostics
import CellarAuthoring
import CellarEngine
import CellarFiles
import Foundation

/// Writes a new Cellar site from a Hugo or Jekyll site, and never touches the source.
///
/// ```swift
/// let report = try await SiteImporter(options: ImportOptions(
///     dialect: .jekyll, source: "myblog", destination: "myblog-cellar", theme: (DefaultTheme.name, DefaultTheme.files)
/// )).run()
/// print(report.counts[.posts] ?? 0, "posts")
/// ```
///
/// Every post keeps its URL — through a section permalink, a `slug:` or a page's folder, else an
/// alias that redirects from it. The report says what was converted, kept, dropped or left out,
/// each with its place in the source, and what `cellar check` finds in the new site.
package struct SiteImporter: Sendable {
    package var options: ImportOptions

    package init(options: ImportOptions) {
        self.options = options
    }

    /// Imports the site.
    /// - Throws: a diagnostic when the source is not a site of the dialect, the destination exists
    ///   (without `replace`), or the new site cannot be written. Nothing is written then.
    package func run() async throws(Diagnostic) -> ImportReport {
        let source = Paths.absolute(options.source, base: options.workingDirectory)
        let destination = Paths.absolute(options.destination, base: options.workingDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .error("\(options.source) is not a folder", hint: "give the folder of the \(options.dialect.name) site")
        }
        try SiteFolder.check(destination: destination, source: source, replace: options.replace, shown: options.destination,
                             shownSource: options.source)
        var report = ImportReport(dialect: options.dialect, source: source, destination: destination)
        let prefix = options.source == "." || options.source == "./" ? "" : (options.source.hasSuffix("/") ? options.source : options.source + "/")
        let tree = SourceTree(root: source, displayPrefix: prefix, excluded: destination)
        let site: SourceSite
        do throws(Diagnostic) {
            site = options.dialect == .hugo ? try HugoReader(tree: tree).read(report: &report)
                : try JekyllReader(tree: tree).read(report: &report)
        } catch {
            // A settings file or a whole folder the site needs may be a link out of it, never read.
            throw tree.outsideLinks.explaining(error)
        }
        report.notes.insert(contentsOf: site.notes, at: 0)
        for note in tree.outsideLinks.notes(display: tree.display) {
            report.add(note)
            report[.filesLeftOut] += 1
        }

        var (items, sections, home) = ItemAssembler(site: site, dialect: options.dialect, keepFields: options.keepFields, now: options.now)
            .assemble(report: &report)
        let movedURLs = Self.foldIntoSections(&items, sections: &sections, home: &home, report: &report)
        if options.dialect == .hugo { Self.noteTaxonomyPages(site, report: &report) }
        var themeAssets = Set(options.theme.files.keys.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) })
        // The theme's search page is at /search/: a page of the source there needs another address.
        if options.theme.files["layouts/search.html"] != nil { themeAssets.insert("search/") }
        var copies = site.copies
        if options.dialect == .hugo { copies += Self.globalResources(named: items.map(\.document.body), tree: tree, copies: copies, report: &report) }
        let (placed, copyNotes) = Self.placeCopies(copies, items: items)
        copies = placed
        report.notes += copyNotes
        report[.filesCopied] = copies.count
        var settings = site.settings
        var dates = DateContext(sourceZone: settings.timeZone, siteZone: settings.timeZone)
        if options.dialect == .hugo, settings.timeZoneName == nil,
           let (zone, kept, before) = ZoneChooser.best(for: items.compactMap(\.date), source: settings.timeZone) {
            dates.siteZone = zone
            settings.timeZoneName = zone.identifier
            report.add(ImportNote(.converted, .setting, "the site names no timeZone, but its dates carry offsets: the new site's timezone is \(zone.identifier), which puts \(kept) posts on the day Hugo dated their URLs (\(before) in UTC)",
                                  at: settings.file.map { SourceLocation(file: $0) }))
        }
        URLPlanner(dates: dates, copiedFiles: Set(copies.map(\.target)), themeAssets: themeAssets)
            .plan(&items, sections: &sections, report: &report)
        BuiltOutputCheck(tree: tree, dialect: options.dialect).check(items, report: &report)
        Self.linkTranslations(&items)
        let indexTranslations = Self.indexTranslations(site.indexTranslations, sections: sections, hasHome: home != nil, report: &report)

        let contentDir = options.dialect == .hugo ? site.contentDir : ""
        var references = BodyConverter.references(items: items, sections: sections, copies: copies, contentDir: contentDir)
        references.movedURLs = movedURLs
        for snippet in site.snippets {
            references.bySourcePath[snippet.path] = snippet.target
            let prefix = contentDir + "/"
            guard snippet.path.hasPrefix(prefix) else { continue }
            let rel = String(snippet.path.dropFirst(prefix.count))
            references.snippets[rel] = snippet.target
            references.snippets[Leftovers.deletingExtension(rel)] = snippet.target
            if snippet.bundle != nil { references.snippets[Paths.parent(of: rel)] = snippet.target }
        }
        references.listings = Self.listedFolders(site.settings.listingShortcodes, snippets: site.snippets, items: items,
                                                 contentDir: contentDir, report: &report)
        if let home {
            references.bySourcePath[home.path] = "_index.md"
            references.urlByTarget["_index.md"] = "/"
        }
        let converter = BodyConverter(dialect: options.dialect,
                                      references: references,
                                      settings: site.settings,
                                      shortcodes: ShortcodeConverter.provided(byThemeFiles: options.theme.files.keys),
                                      contentDir: contentDir)
        let bodies = items.map { converter.convert($0.document, report: &report) }
        let homeIntro = home.map { converter.convert($0, report: &report) } ?? ""
        let snippetBodies = site.snippets.map { converter.convert($0, report: &report) }
        var dataSections = site.dataSections
        var kindNames = Set(options.theme.files.keys.filter { $0.hasPrefix("kinds/") }.map { Leftovers.deletingExtension(Paths.lastComponent(of: $0)) })
        for index in dataSections.indices {
            dataSections[index].kind = DataSection.kindName(for: Leftovers.deletingExtension(Paths.lastComponent(of: dataSections[index].dataFile)), taken: kindNames)
            kindNames.insert(dataSections[index].kind)
        }
        let dataIntros = dataSections.map { converter.convert($0.page, report: &report) }
        let indexTranslationBodies = indexTranslations.map { converter.convert($0, report: &report) }
        for index in sections.indices {
            if let document = sections[index].index { sections[index].index?.body = converter.convert(document, report: &report) }
        }

        let languagePrefixes = site.settings.languages.map { ItemAssembler.languagePrefix(of: $0.code, settings: site.settings) }
        var census = LinkCensus(published: Self.published(items: items, sections: sections, copies: copies, themeAssets: themeAssets,
                                                          languagePrefixes: languagePrefixes)
                                    .union(site.settings.feedAliases).union(dataSections.map { URLPlanner.sectionURL($0.folder) }),
                                contentFiles: Set(copies.map(\.target) + items.map(\.target)),
                                basePath: site.settings.baseURL.flatMap(SiteURL.init).map(\.basePath) ?? "/")
        census.renderHook = site.settings.linkRenderHook
        // A root the source itself publishes under (a section of drafts, an old URL) is the site's own:
        // links under it that lead nowhere are broken, never another program's.
        census.ownedRoots.formUnion(items.compactMap { $0.oldURL.flatMap { URLPaths.segments($0).first } })
        census.ownedRoots.formUnion(site.documents.compactMap { $0.target.split(separator: "/").first.map(String.init) }.filter { !$0.hasSuffix(".md") })
        for (item, body) in zip(items, bodies) where !item.document.isHTML {
            census.check(body, of: item.document, target: item.target, newURL: item.newURL)
        }
        let outside = census.outside
        report.outside = outside
        report[.outsidePrefixes] = outside.count
        report[.brokenLinks] = census.broken
        report.notes += census.notes
        if !outside.isEmpty {
            report.add(ImportNote(.converted, .link, "links to \(outside.joined(separator: ", ")) lead to pages the site does not publish: they are listed in links.outside, kept as written and never reported",
                                  hint: "remove a prefix from links.outside in content/_index.md if its links should be checked"))
        }
        if census.broken > 0 {
            report.add(ImportNote(.kept, .link, "\(census.broken) link\(census.broken == 1 ? "" : "s") of the source lead nowhere: the new site reports them as warnings (links: {broken: warning})",
                                  hint: "fix them, then set 'broken: error' in content/_index.md; cellar check lists them as errors"))
            if let hook = site.settings.linkRenderHook {
                report.add(ImportNote(.problem, .link, "the source resolves links with its own render hook, \(hook): links written for it (such as [term](g)) lead nowhere without it",
                                      at: SourceLocation(file: tree.display(hook)), hint: "rewrite them as links to pages, or as the addresses the hook made"))
            }
        }

        var rawHTML = site.settings.rawHTML
        if !rawHTML, let html = items.first(where: { $0.document.isHTML }) {
            rawHTML = true
            report.add(ImportNote(.converted, .markup, "pages written in HTML (\(items.filter { $0.document.isHTML }.count), such as \(html.document.path)) need raw HTML: the new site lets it through (markdown: {unsafe: true})",
                                  at: html.document.location))
        }
        let keptTypes = Self.keptTypes(items, report: &report)
        for index in items.indices where items[index].fields.kept.contains(where: { keptTypes[$0.name] != nil }) {
            report[.fieldsKept] += items[index].fields.kept.filter { keptTypes[$0.name]?.schema != nil }.count
        }

        let folder = SiteFolder(destination: destination)
        do throws(Diagnostic) {
            _ = try SiteScaffolder(directory: folder.staging, theme: options.theme, workingDirectory: options.workingDirectory,
                                   now: options.now).scaffold()
            for path in SiteScaffolder(directory: folder.staging, theme: options.theme).starterFiles.keys where path.hasPrefix("content/") {
                folder.remove(path)
            }
            let settingsWriter = SettingsWriter(settings: settings, dialect: options.dialect)
            let menu = ImportedMenu(links: site.settings.menu, items: items, sections: sections)
            try folder.write(settingsWriter.site(rawHTML: rawHTML, outside: outside, brokenLinks: census.broken, menu: menu,
                                                 intro: homeIntro, report: &report), to: "content/_index.md",
                             from: home.map { tree.absolute($0.path) })
            for section in sections {
                try folder.write(settingsWriter.section(section), to: "content/" + Paths.join(section.folder, "_index.md"),
                                 from: section.index.map { tree.absolute($0.path) })
            }
            let writer = ItemWriter(dates: dates, keptTypes: keptTypes)
            for index in items.indices {
                try folder.write(writer.text(of: items[index], body: bodies[index], report: &report), to: "content/" + items[index].target,
                                 from: tree.absolute(items[index].document.path))
            }
            for (document, body) in zip(indexTranslations, indexTranslationBodies) {
                try folder.write(settingsWriter.indexTranslation(document, body: body), to: "content/" + document.target,
                                 from: tree.absolute(document.path))
            }
            for (snippet, body) in zip(site.snippets, snippetBodies) {
                // Its title is the term where {{< definitions >}} lists the folder (a glossary).
                let title = snippet.frontMatter?.value("title", caseInsensitive: true)?.nonEmptyText
                let text = title.map { "---\ntitle: \(YAMLText.quoted($0))\n---\n" + body } ?? body
                try folder.write(text, to: "content/" + snippet.target, from: tree.absolute(snippet.path))
            }
            let dataWriter = DataSectionWriter(timeZone: dates.siteZone)
            for (section, intro) in zip(dataSections, dataIntros) {
                for (path, text) in dataWriter.files(of: section, intro: intro, notes: &report.notes).sorted(by: { $0.key < $1.key }) {
                    let target = path.hasPrefix("content/") ? path : "themes/\(options.theme.name)/" + path
                    let source = path.hasSuffix("/_index.md") ? section.page.path : section.dataFile
                    try folder.write(text, to: target, from: path.hasPrefix("content/") ? tree.absolute(source) : nil)
                }
            }
            for copy in copies { try folder.copy(tree.absolute(copy.source), to: "content/" + copy.target) }
            // The site's own file at an address the theme also serves (its favicon.svg) wins: the theme's copy goes.
            for copy in copies where themeAssets.contains(copy.target) {
                folder.remove("themes/\(options.theme.name)/assets/" + copy.target)
                report.add(ImportNote(.converted, .file, "\(copy.source) is served at /\(copy.target), where the default theme has a file of its own: the site's is kept, the theme's removed",
                                      at: SourceLocation(file: tree.display(copy.source))))
            }
            // Kept fields go to every kind imported items have: posts are articles, standalone pages pages.
            for kind in ["article", "page"] where !keptTypes.isEmpty {
                guard let schema = options.theme.files["kinds/\(kind).yml"] else { continue }
                try folder.write(Self.extendedSchema(schema, with: keptTypes, dialect: options.dialect),
                                 to: "themes/\(options.theme.name)/kinds/\(kind).yml")
            }
            try folder.commit()
        } catch {
            folder.abort()
            throw error
        }
        if options.check {
            let checked = await SiteChecker(options: BuildOptions(siteDirectory: destination, now: options.now)).check()
            report.check = ImportReport.CheckSummary(builds: checked.built, diagnostics: checked.diagnostics)
            Self.verifyURLs(items, built: checked.built ? checked.itemURLs : nil, report: &report)
        }
        try? Data(report.json.utf8).write(to: URL(fileURLWithPath: destination + "/" + SiteFolder.reportName))
        return report
    }

    /// A document published at its section's own address (Jekyll's `_docs/index.md` with
    /// `permalink: /docs/`) is that section page's introduction; one at `/` is the home page's.
    /// - Returns: the old addresses that redirected to a folded page, each with the URL that replaced it.
    private static func foldIntoSections(_ items: inout [PlannedItem], sections: inout [PlannedSection], home: inout SourceDocument?,
                                         report: inout ImportReport) -> [String: String] {
        var moved: [String: String] = [:]
        for index in items.indices.reversed() {
            let item = items[index]
            guard let old = item.oldURL, !item.fields.draft, !item.document.isDraftFile else { continue }
            let folder = URLPlanner.folderURL(of: old)
            let what: String
            if folder == "/", home == nil {
                home = item.document
                what = "the home page"
            } else if let section = sections.firstIndex(where: { URLPlanner.sectionURL($0.folder) == folder }), sections[section].index == nil {
                sections[section].index = item.document
                sections[section].title = item.fields.title ?? sections[section].title
                what = "the page of the section \(sections[section].folder)/"
            } else {
                continue
            }
            report[item.document.role == .post ? .posts : .pages] -= 1
            report[.urlsKept] += 1
            report.add(ImportNote(.converted, item.document.role == .post ? .post : .page,
                                  "\(item.document.path) is published at \(old): its text introduces \(what), which lives there",
                                  at: item.document.location))
            if !item.fields.aliases.isEmpty {
                report.add(ImportNote(.problem, .url, "the old addresses \(item.fields.aliases.map(\.value).joined(separator: ", ")) that redirected to \(old) are not kept: only items have aliases; the site's own links to them now lead to \(old)",
                                      at: item.fields.aliases[0].location, hint: "redirect them on the web server"))
                for alias in item.fields.aliases { moved[URLPaths.clean("/" + alias.value)] = old }
            }
            items.remove(at: index)
        }
        return moved
    }

    /// The report claims only what it checked: each URL said to be kept is looked up in the new
    /// site as `cellar check` built it; one published elsewhere (or not at all) is counted as changed
    /// and named. When the new site does not build, the report says the URLs are unconfirmed.
    static func verifyURLs(_ items: [PlannedItem], built: [String: String]?, report: inout ImportReport) {
        let kept = items.filter { $0.outcome == .kept && !($0.fields.draft || $0.document.isDraftFile) }
        guard let built else {
            if !kept.isEmpty {
                report.add(ImportNote(.problem, .url, "the new site does not build, so none of the \(kept.count) URLs kept by the source's rules could be confirmed in it",
                                      hint: "fix the errors cellar check lists, then build: each page should be at its old URL"))
            }
            return
        }
        for item in kept {
            let url = built[item.target]
            if url == item.newURL || url.map({ $0 == item.oldURL || $0 == (item.oldURL ?? "") + "/" }) == true {
                report[.urlsVerified] += 1
                continue
            }
            report[.urlsKept] -= 1
            report[.urlsChanged] += 1
            report.add(ImportNote(.problem, .url, url.map { "\(item.oldURL ?? item.newURL) was planned, but the new site publishes content/\(item.target) at \($0)" }
                                    ?? "\(item.oldURL ?? item.newURL) was planned, but the new site's build has no page of content/\(item.target)",
                                  at: item.document.location, hint: "give it the old address with slug: or aliases:"))
        }
    }

    /// Translations are linked in Cellar by their paths without the language (`a.md`, `a.vi.md`):
    /// where the new paths no longer do that (a page moved to the folders of its URL), or the
    /// source linked them by `translationKey`, each gets the same `translation_key:`.
    private static func linkTranslations(_ items: inout [PlannedItem]) {
        let groups = Dictionary(grouping: items.indices.filter { items[$0].document.translationKey != nil },
                                by: { items[$0].document.translationKey ?? "" })
        for (key, members) in groups where members.count > 1 {
            let paths = Set(members.map { index in
                items[index].document.language.map { language in
                    items[index].target.replacingOccurrences(of: ".\(language).md", with: ".md")
                } ?? items[index].target
            })
            let written = members.contains { items[$0].document.frontMatter?.value("translationKey", caseInsensitive: true) != nil }
            guard paths.count > 1 || written else { continue }
            for index in members { items[index].translationKey = key }
        }
    }

    /// `_index.vi.md` of a section the new site has (or of the home page): written beside its
    /// `_index.md`, with its title, description and introduction; others are left out, noted.
    private static func indexTranslations(_ documents: [SourceDocument], sections: [PlannedSection], hasHome: Bool,
                                          report: inout ImportReport) -> [SourceDocument] {
        let folders = Set(sections.map(\.folder))
        var kept: [SourceDocument] = []
        for document in documents {
            let folder = Paths.parent(of: document.target)
            if folder.isEmpty || folders.contains(folder) {
                kept.append(document)
            } else {
                report.add(ImportNote(.leftOut, .section, "\(document.path): the words in \(document.language ?? "") of \(folder)/, which is no section of the new site",
                                      at: document.location))
                report[.filesLeftOut] += 1
            }
        }
        return kept
    }

    /// Hugo writes a page for each term of each taxonomy; Cellar's tags are the one taxonomy left.
    private static func noteTaxonomyPages(_ site: SourceSite, report: inout ImportReport) {
        let mapper = FieldMapper(dialect: .hugo, settings: site.settings, keepFields: false)
        var seen: [String: SourceLocation] = [:]
        for document in site.documents {
            for (key, keyNode, _) in document.frontMatter?.keyedPairs ?? [] where mapper.role(of: key) == .taxonomy(category: true) {
                if seen[key.lowercased()] == nil { seen[key.lowercased()] = keyNode.location }
            }
        }
        for (name, location) in seen.sorted(by: { $0.key < $1.key }) {
            report.add(ImportNote(.converted, .url, "the terms of the taxonomy '\(name)' are tags: Hugo's pages /\(name)/<term>/ are not kept, the new site lists them at /tags/<term>/",
                                  at: location, hint: "redirect /\(name)/ on the web server if people link to it"))
        }
    }

    /// Images that Hugo's `figure` and image render hook find among the global resources
    /// (`assets/images/x.jpg` for `/images/x.jpg`) when no page or static file has them: copied to
    /// where the link looks.
    private static func globalResources(named bodies: [String], tree: SourceTree, copies: [FileCopy], report: inout ImportReport) -> [FileCopy] {
        let have = Set(copies.map(\.target))
        var found: [String: FileCopy] = [:]
        for body in bodies where body.contains("/") {
            for marker in ["src=\"/", "](/"] {
                var rest = body[...]
                while let range = rest.range(of: marker) {
                    rest = rest[range.upperBound...]
                    let path = String(rest.prefix { !"\")# ?".contains($0) && !$0.isNewline })
                    guard !path.isEmpty, !URLPaths.fileExtension("/" + path).isEmpty, !have.contains(path), found[path] == nil,
                          tree.isFile("assets/" + path) else { continue }
                    found[path] = FileCopy(source: "assets/" + path, target: path)
                }
            }
        }
        report[.filesLeftOut] -= found.count   // counted with assets/, which is otherwise left out
        for copy in found.values.sorted(by: { $0.target < $1.target }) {
            report.add(ImportNote(.converted, .file, "\(copy.source): a global resource the pages show at /\(copy.target), as Hugo's figure and image hook find it; copied there",
                                  at: SourceLocation(file: tree.display(copy.source))))
        }
        return found.values.sorted { $0.target < $1.target }
    }

    /// Copies that would land on an item's file are left out (the item wins).
    private static func placeCopies(_ copies: [FileCopy], items: [PlannedItem]) -> ([FileCopy], [ImportNote]) {
        let targets = Set(items.map { $0.target.lowercased() })
        var seen: Set<String> = []
        var kept: [FileCopy] = []
        var notes: [ImportNote] = []
        for copy in copies {
            if targets.contains(copy.target.lowercased()) || !seen.insert(copy.target.lowercased()).inserted {
                notes.append(ImportNote(.leftOut, .file, "\(copy.source): another file of the new site has its path, content/\(copy.target)"))
                continue
            }
            kept.append(copy)
        }
        return (kept, notes)
    }

    /// Every URL the new site publishes that a link of the source may name.
    private static func published(items: [PlannedItem], sections: [PlannedSection], copies: [FileCopy], themeAssets: Set<String>,
                                  languagePrefixes: [String]) -> Set<String> {
        var urls: Set<String> = ["/", "/feed.xml", "/rss.xml", "/feed.json", "/sitemap.xml", "/robots.txt", "/404.html", "/tags/"]
        for prefix in languagePrefixes where !prefix.isEmpty {
            for page in ["/", "/feed.xml", "/rss.xml", "/feed.json", "/tags/"] { urls.insert(prefix + page) }
            for section in sections { urls.insert(prefix + URLPlanner.sectionURL(section.folder)) }
        }
        for item in items where !(item.fields.draft || item.document.isDraftFile) {
            urls.insert(item.newURL)
            for alias in item.aliases { if let url = AliasPath.url(for: alias) { urls.insert("/" + url.value) } }
        }
        for section in sections { urls.insert(URLPlanner.sectionURL(section.folder)) }
        for copy in copies { urls.insert("/" + copy.target) }
        for asset in themeAssets { urls.insert("/" + asset) }
        return urls
    }

    /// The type of each kept field across every item, noting fields no Cellar type can hold.
    private static func keptTypes(_ items: [PlannedItem], report: inout ImportReport) -> [String: KeptFieldType] {
        var types: [String: KeptFieldType] = [:]
        for item in items { for kept in item.fields.kept { types[kept.name] = (types[kept.name] ?? .empty).merged(with: KeptFieldType.of(kept.node)) } }
        for (name, type) in types.sorted(by: { $0.key < $1.key }) {
            if case .unsupported(let why) = type {
                report.add(ImportNote(.dropped, .field, "the field '\(name)' holds \(why), which no Cellar type holds; it was dropped"))
                report.droppedFields[name, default: 0] += items.filter { $0.fields.kept.contains { $0.name == name } }.count
                types[name] = nil
            } else {
                report.keptFields[name] = type.schema
            }
        }
        return types
    }

    /// The theme's article schema with the kept fields added under `fields:`.
    static func extendedSchema(_ schema: String, with types: [String: KeptFieldType], dialect: SourceDialect) -> String {
        var text = schema.hasSuffix("\n") ? schema : schema + "\n"
        text = text.replacingOccurrences(of: "\nfields: {}\n", with: "\nfields:\n")   // a kind with no fields of its own
        if !text.contains("\nfields:") { text += "fields:\n" }
        text += "  # Kept by 'cellar import \(dialect.rawValue) --keep-fields': fields of the \(dialect.name) site, typed from the values seen.\n"
        for name in types.keys.sorted() { if let spec = types[name]?.schema { text += "  \(name): \(spec)\n" } }
        return text
    }
}
