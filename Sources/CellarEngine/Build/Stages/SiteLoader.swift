import CellarDiagnostics
#if canImport(Glibc)
import CellarFiles
import CellarOutput
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site's frame, loaded before any item: what is under `content/`, the settings, the theme
/// and the sections.
package struct LoadedSite: Sendable {
    package var layout: SiteLayout
    package var scan: ContentScan
    package var config: SiteConfig
    package var theme: Theme
    package var sections: [String: ContentSection]
    /// Whether every section's settings loaded. After a load with errors, items are still parsed
    /// when they did — a theme's mistakes must not hide the content's (all problems in one build) —
    /// but not when a section is missing: its items would be read as another section's.
    var sectionsComplete = true
}

/// The work of the loading stage (``LoadStage`` keeps its result between builds): scan
/// `content/`, read the site and section settings, load the theme.
package struct SiteLoader {
    var layout: SiteLayout
    var options: BuildOptions

    package init(layout: SiteLayout, options: BuildOptions) {
        self.layout = layout
        self.options = options
    }

    package func load(diagnostics: inout DiagnosticBag) -> LoadedSite? {
        var scan = ContentScanner(layout: layout).scan(diagnostics: &diagnostics)
        if diagnostics.hasErrors && !FileIO.isDirectory(layout.content) { return nil }
        let configLoader = SiteConfigLoader(layout: layout, options: options)
        guard var config = configLoader.loadSite(files: scan.files, diagnostics: &diagnostics) else { return nil }
        if config.languages.isMultilingual {
            // `_index.vi.md` holds a section's words in Vietnamese: it is no item.
            scan.items.removeAll { $0.bundleDirectory == nil && config.languages.isIndexTranslation($0.contentPath) }
            // `index.vi.md` beside a bundle's `index.md` is its Vietnamese: an item sharing the bundle's files.
            for bundle in scan.bundleResources.keys.sorted() {
                let translations = (scan.bundleResources[bundle] ?? []).filter { path in
                    Paths.parent(of: path) == bundle && config.languages.suffix(of: Paths.lastComponent(of: path))?.base == "index.md"
                }
                guard !translations.isEmpty else { continue }
                scan.bundleResources[bundle]?.removeAll { translations.contains($0) }
                scan.items += translations.map { ItemSource(contentPath: $0, bundleDirectory: bundle) }
            }
            config.introTranslations = configLoader.loadTranslations(of: "", site: config, files: scan.files, diagnostics: &diagnostics)
        }
        // A theme that cannot be looked at is not a missing theme: say which permission is lacking.
        let themeFolder = Paths.join(layout.themes, config.theme)
        if let code = FileIO.statusProblem(themeFolder), code == EACCES {
            let error = FileIOError(path: themeFolder, operation: "read", code: code)
            diagnostics.error("cannot read the theme folder \(layout.display(sitePath: "themes/" + config.theme))/: \(error.reason)",
                              at: config.locations["theme"], hint: error.hint)
            return nil
        }
        guard let theme = ThemeLoader(layout: layout, swiftKinds: options.kinds).load(
            named: config.theme, at: config.locations["theme"], diagnostics: &diagnostics) else { return nil }

        var sections: [String: ContentSection] = [:]
        var sectionsComplete = true
        let folders = Set(scan.sectionFolders)
        for folder in scan.sectionFolders.sorted() where !folder.isEmpty {
            var parent = Paths.parent(of: folder)
            while !parent.isEmpty, !folders.contains(parent) { parent = Paths.parent(of: parent) }
            guard let section = configLoader.loadSection(
                folder, site: config, files: scan.files, parentID: parent.isEmpty ? nil : parent,
                diagnostics: &diagnostics) else {
                sectionsComplete = false
                continue
            }
            check(section, theme: theme, diagnostics: &diagnostics)
            sections[folder] = section
            if config.languages.isMultilingual {
                sections[folder]?.translations = configLoader.loadTranslations(of: folder, site: config, files: scan.files,
                                                                               diagnostics: &diagnostics)
            }
        }
        // A language's pages are under /<code>/: a section there would be written over by them.
        for language in config.languages.all where !language.prefix.isEmpty {
            for section in sections.values where section.parentID == nil && section.url.value == language.prefix {
                diagnostics.error("the section \(section.id)/ has the address /\(language.prefix), where the \(language.name) pages of the site are",
                                  at: SourceLocation(file: section.file),
                                  hint: "rename the folder; a translation is a file beside its original (post.\(language.code).md beside post.md), not a folder per language")
            }
        }
        if let kind = config.defaultKind, theme.kinds[kind] == nil, !theme.unusableKinds.contains(kind) {
            diagnostics.append(ItemParser.unknownKind(kind, at: config.locations["kind"], known: theme.kinds.keys.sorted()))
        }
        ThemeChecker(theme: theme, sections: sections, swiftKinds: Set(options.kinds.names)).check(diagnostics: &diagnostics)
        return LoadedSite(layout: layout, scan: scan, config: config, theme: theme, sections: sections,
                          sectionsComplete: sectionsComplete)
    }

    private func check(_ section: ContentSection, theme: Theme, diagnostics: inout DiagnosticBag) {
        ThemeChecker.checkLayout(section, theme: theme, diagnostics: &diagnostics)
        if let kind = section.kind, theme.kinds[kind] == nil, !theme.unusableKinds.contains(kind) {
            diagnostics.append(ItemParser.unknownKind(kind, at: section.locations["kind"], known: theme.kinds.keys.sorted()))
        }
        if case .field(let name) = section.grouping {
            let fields = Set(theme.kinds.values.flatMap { $0.schema.names })
            if !fields.contains(name) {
                diagnostics.error(
                    "group_by '\(name)' is not none, year, month or a field of any kind"
                        + Suggestion.didYouMean(name, in: fields.union(["none", "year", "month"])),
                    at: section.locations["group_by"])
            }
        }
    }
}
