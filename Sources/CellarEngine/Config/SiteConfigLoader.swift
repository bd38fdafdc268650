import CellarDiagnostics
import CellarFiles
import CellarImages
import CellarHighlight
import CellarMarkdown
import CellarOutput
import Foundation

/// Reads `content/_index.md` into ``SiteConfig`` and each section's `_index.md` into ``ContentSection``.
package struct SiteConfigLoader {
    var layout: SiteLayout
    var options: BuildOptions

    func loadSite(files: ContentFileSet, diagnostics: inout DiagnosticBag) -> SiteConfig? {
        let display = layout.display(contentPath: "_index.md")
        guard files.contains("_index.md") else {
            diagnostics.error("the site has no settings file", at: SourceLocation(file: display),
                              hint: "create \(display) with front matter such as:\n---\ntitle: My site\nbase_url: https://example.org/\n---")
            return nil
        }
        guard let index = IndexFile.read(
            contentPath: "_index.md", layout: layout, schema: BuiltinSchemas.site, owner: "the site settings",
            timeZone: TimeZone(identifier: "UTC") ?? .current, files: files, skip: ["menu", "languages"], diagnostics: &diagnostics
        ) else { return nil }

        var timeZone = TimeZone(identifier: "UTC") ?? .current
        if let name = index.string("timezone") {
            if let zone = TimeZone(identifier: name), !Self.zoneDataIsMissing(zone) {
                timeZone = zone
            } else if TimeZone(identifier: name) != nil {
                diagnostics.error("the time zone data for '\(name)' is not installed on this machine",
                                  at: index.location("timezone"),
                                  hint: "install it (on Debian and Ubuntu: apt-get install tzdata), or use timezone: UTC")
            } else {
                diagnostics.error("unknown time zone '\(name)'", at: index.location("timezone"),
                                  hint: "use an IANA name such as UTC, Europe/Paris or America/New_York")
            }
        }
        var url = SiteConfig.fallbackURL
        var hasBaseURL = false
        let written = options.baseURL ?? index.string("base_url")
        if let written {
            if let parsed = SiteURL(written) {
                url = parsed
                hasBaseURL = true
            } else {
                diagnostics.error("base_url must be an absolute http(s) URL such as https://example.org/, found '\(written)'",
                                  at: options.baseURL == nil ? index.location("base_url") : nil)
            }
        }
        let links = Self.linkPolicy(index.fields["links"]?.value.object ?? [:], diagnostics: &diagnostics)
        let markdown = Self.markdownOptions(index.fields["markdown"]?.value.object ?? [:], diagnostics: &diagnostics)

        let language = Self.language(index.string("language"), at: index.location("language"), diagnostics: &diagnostics) ?? "en"
        let menu = index.node?["menu"].map { MenuParser().parse($0, diagnostics: &diagnostics) }
        let similarTags = (index.fields["tags"]?.value.object?["similar_ok"]?.value.list ?? []).map { group in
            (group.list ?? []).compactMap(\.string)
        }
        var copyright: String?
        if case .html(let html, _)? = index.fields["copyright"]?.value { copyright = html }

        var config = SiteConfig(
            title: index.string("title") ?? "Untitled", description: index.string("description"),
            url: url, hasBaseURL: hasBaseURL, language: language, timeZone: timeZone,
            theme: index.string("theme") ?? "default", author: index.string("author"),
            defaultKind: index.string("kind"), paginate: index.int("paginate") ?? 20,
            homeItems: index.int("home_items") ?? 10, feedItems: index.int("feed_items") ?? 20,
            copyrightHTML: copyright, markdown: markdown,
            highlightsCode: (index.fields["markdown"]?.value.object ?? [:])["highlight"]?.value.bool ?? true,
            menu: menu, similarTags: similarTags,
            introHTML: "",
            introMarkdown: index.body, introFirstLine: index.bodyFirstLine,
            file: display, locations: index.locations, sourceHash: index.sourceHash
        )
        config.links = links
        config.highlightLimits = Self.highlightLimits(index.fields["markdown"]?.value.object ?? [:])
        let images = index.fields["images"]?.value.object ?? [:]
        config.processesImages = images["process"]?.value.bool ?? true
        config.images = Self.imageSettings(images, diagnostics: &diagnostics)
        config.feedAliases = Self.feedAliases(index, diagnostics: &diagnostics)
        if let node = index.node?["languages"] {
            config.locations["languages"] = node.location
            config.languages = LanguagesParser().parse(
                node, defaultLanguage: index.node?["language"] == nil ? nil : language, defaultLocation: index.location("language"),
                inSubdir: index.bool("default_language_in_subdir") ?? false, diagnostics: &diagnostics)
            if config.languages.isMultilingual { config.language = config.languages.defaultCode }
        }
        config.search = index.bool("search")
        return config
    }

    /// `feed_aliases: [/atom.xml]`: each a file's address from the root.
    static func feedAliases(_ index: IndexFile, diagnostics: inout DiagnosticBag) -> [URLPath] {
        guard case .list(let entries)? = index.fields["feed_aliases"]?.value else { return [] }
        return entries.compactMap { entry in
            guard let text = entry.value.string else { return nil }
            guard text.hasPrefix("/"), !text.hasSuffix("/"), !text.contains(".."), !text.contains("//") else {
                diagnostics.error("feed alias '\(text)' must be the address of a file from the site's root, such as /atom.xml",
                                  at: entry.location ?? index.location("feed_aliases"))
                return nil
            }
            return URLPath(String(text.dropFirst()))
        }
    }

    /// `markdown: {highlight_seconds_per_block: 2, highlight_seconds_per_file: 5, highlight_seconds_per_build: 60}`
    /// (the schema checked each is a number of at least 0.01; what is not written keeps its default).
    static func highlightLimits(_ settings: [String: TypedField]) -> HighlightLimits {
        var limits = HighlightLimits()
        func seconds(_ name: String) -> Duration? {
            guard case .number(let value)? = settings[name]?.value else { return nil }
            return .milliseconds(Int64((value * 1000).rounded()))
        }
        limits.perBlock = seconds("highlight_seconds_per_block") ?? limits.perBlock
        limits.perFile = seconds("highlight_seconds_per_file") ?? limits.perFile
        limits.perBuild = seconds("highlight_seconds_per_build") ?? limits.perBuild
        return limits
    }

    /// `images: {widths: [480, 960], formats: [webp, jpeg], max_pixels: …, keep_location: …}`.
    static func imageSettings(_ settings: [String: TypedField], diagnostics: inout DiagnosticBag) -> ImageSettings {
        var images = ImageSettings()
        if case .int(let limit)? = settings["max_pixels"]?.value { images.maxPixels = limit }
        images.keepLocation = settings["keep_location"]?.value.bool ?? false
        if case .list(let entries)? = settings["widths"]?.value {
            var widths: [Int] = []
            for entry in entries {
                guard let width = entry.value.int else { continue }
                if (16...10_000).contains(width) { widths.append(width) } else {
                    diagnostics.error("image width \(width) must be from 16 to 10000 pixels", at: entry.location,
                                      hint: "write widths such as [480, 960, 1600, 2400]")
                }
            }
            if !widths.isEmpty { images.widths = Array(Set(widths)).sorted() }
        }
        if case .list(let entries)? = settings["formats"]?.value {
            var formats: [ImageFormat] = []
            for entry in entries {
                guard let name = entry.value.string else { continue }
                let format = name == "jpg" ? ImageFormat.jpeg : ImageFormat(rawValue: name)
                if let format { if !formats.contains(format) { formats.append(format) } } else {
                    diagnostics.error("unknown image format '\(name)'", at: entry.location, hint: "write avif, webp or jpeg")
                }
            }
            if !formats.contains(.jpeg) { formats.append(.jpeg) }
            images.formats = ImageFormat.allCases.filter(formats.contains)
        }
        return images
    }

    /// `links: {outside: [/docs/], broken: warning}`, each prefix checked.
    static func linkPolicy(_ settings: [String: TypedField], diagnostics: inout DiagnosticBag) -> LinkPolicy {
        var policy = LinkPolicy(broken: settings["broken"]?.value.string == "warning" ? .warning : .error)
        if case .list(let entries)? = settings["outside"]?.value {
            for entry in entries {
                guard let prefix = entry.value.string else { continue }
                if let problem = LinkPolicy.problem(with: prefix) {
                    diagnostics.error("'links.outside' entry \"\(prefix)\" \(problem)", at: entry.location,
                                      hint: "list the path prefixes other software serves on this host, e.g. outside: [/install/, /docs/]")
                } else {
                    policy.outside.append(prefix)
                }
            }
        }
        return policy
    }

    func loadSection(
        _ folder: String, site: SiteConfig, files: ContentFileSet, parentID: String?, diagnostics: inout DiagnosticBag
    ) -> ContentSection? {
        let contentPath = Paths.join(folder, "_index.md")
        guard let index = IndexFile.read(
            contentPath: contentPath, layout: layout, schema: BuiltinSchemas.section, owner: "the section settings",
            timeZone: site.timeZone, files: files, diagnostics: &diagnostics
        ) else { return nil }
        let sort = SortKey(rawValue: index.string("sort") ?? "date") ?? .date
        let ascending = index.string("order").map { $0 == "asc" } ?? (sort != .date)
        var permalink: PermalinkPattern?
        if let pattern = index.string("permalink") {
            do throws(Diagnostic) {
                permalink = try PermalinkPattern(pattern, at: index.location("permalink"))
            } catch {
                diagnostics.append(error)
            }
        }
        let name = Paths.lastComponent(of: folder)
        var section = ContentSection(
            id: folder, parentID: parentID,
            title: index.string("title") ?? Self.titleFromFolder(name),
            description: index.string("description"), kind: index.string("kind"),
            sort: sort, ascending: ascending, grouping: Grouping(index.string("group_by")),
            paginate: index.int("paginate"), permalink: permalink, homeItems: index.int("home_items"),
            weight: index.int("weight") ?? 0, hasFeed: index.bool("feed") ?? true, layout: index.string("layout"),
            language: Self.language(index.string("language"), at: index.location("language"), diagnostics: &diagnostics),
            introHTML: "", introMarkdown: index.body, introFirstLine: index.bodyFirstLine,
            url: URLPath(Self.urlSegments(folder) + "/"), file: index.file, locations: index.locations,
            sourceHash: index.sourceHash
        )
        section.search = index.bool("search")
        section.keepLocation = index.bool("keep_location")
        return section
    }

    /// The `_index.<code>.md` files beside `folder`'s `_index.md`, for each language of the site but the default.
    func loadTranslations(of folder: String, site: SiteConfig, files: ContentFileSet,
                          diagnostics: inout DiagnosticBag) -> [String: IndexTranslation] {
        var translations: [String: IndexTranslation] = [:]
        for language in site.languages.all where language.code != site.languages.defaultCode {
            let contentPath = Paths.join(folder, "_index.\(language.code).md")
            guard files.contains(contentPath) else { continue }
            guard let index = IndexFile.read(
                contentPath: contentPath, layout: layout, schema: BuiltinSchemas.indexTranslation,
                owner: "the \(language.name) words of a section", timeZone: site.timeZone, files: files, diagnostics: &diagnostics
            ) else { continue }
            translations[language.code] = IndexTranslation(
                title: index.string("title"), description: index.string("description"), introMarkdown: index.body,
                introFirstLine: index.bodyFirstLine, file: index.file, sourceHash: index.sourceHash)
        }
        return translations
    }

    /// `my-notes` → `My notes`.
    package static func titleFromFolder(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A folder path as URL segments, each slugified.
    static func urlSegments(_ folder: String) -> String {
        folder.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/")
    }

    /// A `language:` setting checked as a BCP 47 tag, in canonical case; nil when it is not written or
    /// wrong (then the error is in `diagnostics`, with the tags it was likely meant to be).
    static func language(_ written: String?, at location: SourceLocation?, diagnostics: inout DiagnosticBag) -> String? {
        guard let written else { return nil }
        switch LanguageTag.checked(written) {
        case .success(let tag): return tag
        case .failure(let problem):
            diagnostics.append(problem.diagnostic(at: location))
            return nil
        }
    }


    /// Whether Foundation would have no data file for `zone`: it knows every zone's name and offset,
    /// but on Linux it crashes formatting a date in a zone whose file under the zoneinfo folder
    /// (`$TZDIR`, else /usr/share/zoneinfo; Debian's tzdata) is missing. UTC needs no file.
    static func zoneDataIsMissing(_ zone: TimeZone, folder: String? = nil) -> Bool {
        #if os(Linux)
        if zone.identifier == "UTC" || zone.identifier == "GMT" { return false }
        let folder = folder ?? ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return FileIO.status(Paths.join(folder, zone.identifier), followLinks: true)?.kind != .file
        #else
        return false
        #endif
    }

    /// The `markdown:` settings: smart punctuation, raw HTML, which GFM extensions (all by default;
    /// an unknown name is a located error listing the known ones) and GFM's tag filter.
    static func markdownOptions(_ settings: [String: TypedField], diagnostics: inout DiagnosticBag) -> MarkdownOptions {
        var options: MarkdownOptions = [.scrollableTables, .alignmentStyles, .labelledTaskItems]
        if settings["smart"]?.value.bool ?? true { options.insert(.smartPunctuation) }
        if settings["unsafe"]?.value.bool ?? false { options.insert(.allowRawHTML) }
        if settings["tagfilter"]?.value.bool ?? true { options.insert(.tagFilter) }
        if settings["definitions"]?.value.bool ?? false { options.insert(.definitionLists) }
        if settings["term_ids"]?.value.bool ?? false { options.insert(.definitionTermIDs) }
        if let style = settings["anchors"]?.value.string.flatMap(AnchorStyle.init(rawValue:)) { options.anchorStyle = style }
        guard case .list(let names)? = settings["extensions"]?.value else { return options.union(.allExtensions) }
        let known = MarkdownExtension.allCases.map(\.rawValue)
        for name in names {
            guard let text = name.value.string else { continue }
            if let extensionName = MarkdownExtension(rawValue: text) {
                options.insert(extensionName.option)
            } else {
                diagnostics.error("unknown Markdown extension '\(text)'"
                                    + Suggestion.didYouMean(text, in: known),
                                  at: name.location ?? settings["extensions"]?.location,
                                  hint: "the extensions are " + known.joined(separator: ", "))
            }
        }
        return options
    }
}
