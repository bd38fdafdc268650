import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// Decides where each item of the new site lives and how it keeps its URL: a section permalink
/// that reproduces the source's URLs, a `slug:` for the last part, a page placed in the folders its
/// URL names — and, where none of that gives the old path, an alias that redirects from it.
struct URLPlanner {
    var dates: DateContext
    private var timeZone: TimeZone { dates.siteZone }
    /// Every file the new site copies into `content/` (they claim their paths too).
    var copiedFiles: Set<String>
    /// Files of the theme's `assets/`, published at the root.
    var themeAssets: Set<String>

    /// The section URL Cellar gives a folder: each part slugged (`My Posts` → `/my-posts/`).
    static func sectionURL(_ folder: String) -> String {
        folder.isEmpty ? "/" : "/" + folder.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/") + "/"
    }

    /// A Cellar permalink pattern's URL for an item; nil when the pattern needs a date it lacks.
    func expand(_ pattern: String, slug: String, date: LooseDate?) -> String? {
        guard let parsed = try? PermalinkPattern(pattern, at: nil) else { return nil }
        return parsed.expand(slug: slug, title: "", section: "", kind: "article", date: date.map(dates.instant),
                             timeZone: timeZone).map { "/" + $0.value }
    }

    // MARK: - Patterns

    /// The pattern that gives `url` for an item dated `date`: its last part is `:slug`, parts equal
    /// to the item's year, month and day (in the site's zone) become placeholders, the rest is literal.
    func shape(of url: String, date: LooseDate?) -> String? {
        guard URLPaths.isFolder(url) else { return nil }
        var segments = URLPaths.segments(url)
        guard !segments.isEmpty else { return nil }
        segments.removeLast()
        var parts: [String] = []
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = date.map { calendar.dateComponents([.year, .month, .day], from: dates.instant($0)) }
        for segment in segments {
            if let year = day?.year, segment == String(format: "%04d", year), !parts.contains(":year") {
                parts.append(":year")
            } else if let month = day?.month, parts.last == ":year", segment == String(format: "%02d", month) {
                parts.append(":month")
            } else if let dayOfMonth = day?.day, parts.last == ":month", segment == String(format: "%02d", dayOfMonth) {
                parts.append(":day")
            } else {
                guard (try? PermalinkPattern("/" + segment + "/", at: nil)) != nil, !segment.contains(":") else { return nil }
                parts.append(segment)
            }
        }
        return "/" + (parts + [":slug"]).joined(separator: "/") + "/"
    }

    /// The slug that makes the last part of `url` (or of its folder form, see ``folderURL(of:)``),
    /// when Cellar accepts it as one.
    static func lastSegment(of url: String) -> String? {
        guard let last = URLPaths.segments(folderURL(of: url)).last, Slug.isValid(last) else { return nil }
        return last
    }

    /// The folder URL nearest a page's address: `/a/b.html` → `/a/b/`, `/a/b` → `/a/b/`.
    /// Cellar publishes every page at a folder URL.
    static func folderURL(of url: String) -> String {
        if URLPaths.isFolder(url) { return url }
        let ext = URLPaths.fileExtension(url)
        return (ext.isEmpty ? url : String(url.dropLast(ext.count + 1))) + "/"
    }

    /// Plans the sections' permalinks and every item's place, slug and aliases.
    ///
    /// On a multilingual site each language is planned apart, without its `/<code>` (Cellar puts it
    /// before the URL the section's rules give, as Hugo does), and with the default language's permalinks.
    func plan(_ items: inout [PlannedItem], sections: inout [PlannedSection], report: inout ImportReport) {
        var stripped: Set<Int> = []
        for index in items.indices where !items[index].urlPrefix.isEmpty {
            if let old = items[index].oldURL, old.hasPrefix(items[index].urlPrefix + "/") {
                items[index].oldURL = String(old.dropFirst(items[index].urlPrefix.count))
                stripped.insert(index)
            }
        }
        let sectionFolders = Set(sections.map(\.folder))
        for index in sections.indices {
            let members = items.indices.filter { items[$0].document.section == sections[index].folder && items[$0].document.role == .post }
            let own = members.filter { items[$0].document.language == nil }
            sections[index].permalink = choosePattern(for: (own.isEmpty ? members : own).map { items[$0] }, section: sections[index].folder)
        }
        // Newest first: of two items that want one URL, the source published the newer there (it was
        // written last), so that one keeps it.
        let order = items.indices.sorted { lhs, rhs in
            let left = items[lhs].date.map(dates.instant) ?? .distantPast
            let right = items[rhs].date.map(dates.instant) ?? .distantPast
            return (left, items[lhs].document.path) > (right, items[rhs].document.path)
        }
        let pageFolders = Set(items.compactMap { $0.document.bundle != nil ? Paths.parent(of: $0.target) : nil })
        var everyURL = URLClaimRegistry(themeAssets: themeAssets, copiedFiles: copiedFiles)
        for prefix in Set(items.map(\.urlPrefix)).sorted() {
            // Under /vi/ nothing but the language's own pages: the theme's files and the copies are at the root.
            var claims = URLClaimRegistry(themeAssets: prefix.isEmpty ? themeAssets : [], copiedFiles: prefix.isEmpty ? copiedFiles : [])
            for section in sections {
                claims.claimSection(section.folder, url: Self.sectionURL(section.folder))
                everyURL.claimSection(section.folder, url: prefix + Self.sectionURL(section.folder))
            }
            everyURL.claim(prefix + "/")
            for item in items { _ = claims.claimTarget(item.target) }
            for index in order where items[index].urlPrefix == prefix {
                let section = sections.first { $0.folder == items[index].document.section && items[index].document.role == .post }
                if let section {
                    place(&items[index], in: section, folders: (sectionFolders, pageFolders), claims: &claims, report: &report)
                } else {
                    placePage(&items[index], sectionFolders: sectionFolders, bundleFolders: pageFolders, claims: &claims)
                }
                claims.claim(items[index].newURL)
                items[index].newURL = prefix + items[index].newURL
                if stripped.contains(index) { items[index].oldURL = items[index].oldURL.map { prefix + $0 } }
                everyURL.claim(items[index].newURL)
            }
        }
        // Then the aliases: a page's own URL goes before another's old address.
        for index in order { finish(&items[index], claims: &everyURL, report: &report) }
    }

    /// The pattern most of a section's items fit, or nil when Cellar's default for the folder fits as many.
    private func choosePattern(for items: [PlannedItem], section: String) -> String? {
        var fits: [String: Int] = [:]
        var defaultFits = 0
        for item in items {
            guard let url = item.oldURL, let slug = Self.lastSegment(of: url) else { continue }
            let folder = Self.folderURL(of: url)
            if defaultURL(of: item, slug: slug) == folder { defaultFits += 1 }
            if let shape = shape(of: folder, date: item.date) { fits[shape, default: 0] += 1 }
        }
        guard let best = fits.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.value > defaultFits else { return nil }
        return best.key
    }

    /// Cellar's URL for an item of a section without a permalink: the section, the folders below it, the slug.
    func defaultURL(of item: PlannedItem, slug: String) -> String {
        let folder = item.document.bundle != nil ? Paths.parent(of: Paths.parent(of: item.target)) : Paths.parent(of: item.target)
        let section = item.document.section
        let rest = folder == section ? "" : String(folder.dropFirst(section.isEmpty ? 0 : section.count + 1))
        let restURL = rest.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/")
        return Self.sectionURL(section) + (restURL.isEmpty ? "" : restURL + "/") + slug + "/"
    }

    /// The slug Cellar gives the file by itself.
    static func fileSlug(of item: PlannedItem) -> String {
        var name = Leftovers.deletingExtension(Paths.lastComponent(of: item.target))
        if item.document.language != nil { name = Leftovers.deletingExtension(name) }   // `a.vi.md` is `a` in Vietnamese
        return Slug.make(item.document.bundle != nil ? Paths.lastComponent(of: Paths.parent(of: item.target)) : name)
    }

    /// The slug the source gave the item (`slug:`, or its name: a Jekyll post's without its date),
    /// for an item whose old URL gives none.
    static func sourceSlug(of item: PlannedItem) -> String {
        if let written = item.fields.slug?.value, Slug.isValid(written) { return written }
        return Slug.make(item.document.fileSlug)
    }

    private func place(_ item: inout PlannedItem, in section: PlannedSection, folders: (sections: Set<String>, bundles: Set<String>),
                       claims: inout URLClaimRegistry, report: inout ImportReport) {
        // The old URL's last part is the slug when it sits where the pattern puts the slug (Hugo's
        // `/2024/02/` for a post without a title has none).
        let pattern = section.permalink.map(URLPaths.segments)
        let wanted = item.oldURL.flatMap { old in
            pattern == nil || URLPaths.segments(Self.folderURL(of: old)).count == pattern?.count ? Self.lastSegment(of: old) : nil
        }
        var slug = wanted ?? Self.sourceSlug(of: item)
        if let permalink = section.permalink, permalink.contains(":year") || permalink.contains(":month") || permalink.contains(":day"),
           item.date == nil {
            let date = item.document.modified.map(Self.looseDate(of:)) ?? LooseDate(year: 1970, month: 1, day: 1)
            item.date = date
            item.fields.date = .init(value: date, location: item.document.location)
            report.add(ImportNote(.converted, .date, "no date, which the section's permalink \(permalink) needs: dated \(date.cellarText), when its file last changed",
                                  at: item.document.location, hint: "give it its real date"))
        }
        if section.permalink == nil, item.document.bundle == nil, let old = item.oldURL, let wanted {
            // Without a permalink, Cellar's URL is the item's folders: put the file in the folders its old URL names.
            let folder = Self.folderURL(of: old)
            let sectionURL = Self.sectionURL(section.folder)
            let rest = folder.hasPrefix(sectionURL) ? Array(URLPaths.segments(String(folder.dropFirst(sectionURL.count))).dropLast()) : []
            let newFolder = Paths.join(section.folder, rest.joined(separator: "/"))
            let name = Paths.lastComponent(of: item.target)
            let language = item.document.language.map { "." + $0 } ?? ""
            let target = Paths.join(newFolder, name == "index\(language).md" || name == "_index\(language).md" ? wanted + language + ".md" : name)
            if folder.hasPrefix(sectionURL), folder != sectionURL, rest.allSatisfy({ Slug.make($0) == $0 }),
               !folders.sections.contains(where: { $0 != section.folder && (newFolder == $0 || newFolder.hasPrefix($0 + "/")) }),
               !folders.bundles.contains(where: { newFolder == $0 || newFolder.hasPrefix($0 + "/") }),
               target == item.target || claims.claimTarget(target) {
                item.target = target
            }
        }
        func url(_ slug: String) -> String {
            section.permalink.flatMap { expand($0, slug: slug, date: item.date) } ?? defaultURL(of: item, slug: slug)
        }
        var candidate = url(slug)
        var attempt = 2
        while !claims.isFree(candidate) {
            slug = (wanted ?? Self.sourceSlug(of: item)) + "-\(attempt)"
            candidate = url(slug)
            attempt += 1
        }
        item.newURL = candidate
        item.slug = slug == Self.fileSlug(of: item) ? nil : slug
    }

    /// A page of no section: moved into the folders its URL names when Cellar's folder rule gives
    /// the same parts, so `/info/contact/` stays `/info/contact/`.
    private func placePage(_ item: inout PlannedItem, sectionFolders: Set<String>, bundleFolders: Set<String>,
                           claims: inout URLClaimRegistry) {
        if item.document.bundle == nil, let old = item.oldURL, let slug = Self.lastSegment(of: old) {
            let url = Self.folderURL(of: old)
            let folders = URLPaths.segments(url).dropLast()
            let folderPath = folders.joined(separator: "/")
            let movable = folders.allSatisfy { Slug.make($0) == $0 }
            let insideSection = sectionFolders.contains { !$0.isEmpty && (folderPath == $0 || folderPath.hasPrefix($0 + "/")) }
            let insideBundle = bundleFolders.contains { folderPath == $0 || folderPath.hasPrefix($0 + "/") }
            let target = Paths.join(folderPath, slug + (item.document.language.map { "." + $0 } ?? "") + ".md")
            if movable, !insideSection, !insideBundle, claims.isFree(url), target == item.target || claims.claimTarget(target) {
                item.target = target
                item.newURL = url
                item.slug = Slug.make(slug) == slug ? nil : slug
                return
            }
        }
        var slug = item.oldURL.flatMap(Self.lastSegment(of:)) ?? Self.sourceSlug(of: item)
        let base = slug
        var attempt = 2
        while !claims.isFree(defaultURL(of: item, slug: slug)) {
            slug = base + "-\(attempt)"
            attempt += 1
        }
        item.newURL = defaultURL(of: item, slug: slug)
        item.slug = slug == Self.fileSlug(of: item) ? nil : slug
    }

    /// Claims the item's URL and aliases, and notes how its old URL fares.
    private func finish(_ item: inout PlannedItem, claims: inout URLClaimRegistry, report: inout ImportReport) {
        let location = item.document.location
        var aliases: [String] = []
        for alias in item.fields.aliases {
            let path = alias.value.hasPrefix("/") || alias.value.contains("://") ? alias.value
                : Self.sectionURL(item.document.section) + alias.value
            guard let resolved = AliasPath.url(for: path) else {
                report.add(ImportNote(.problem, .url, "the alias '\(alias.value)' is not a path on this site; it was left out",
                                      at: alias.location))
                continue
            }
            let shown = "/" + resolved.value
            guard shown != item.newURL, claims.isFree(shown) else {
                if shown != item.newURL {
                    report.add(ImportNote(.problem, .url, "the alias '\(alias.value)' is the URL of another page; it was left out",
                                          at: alias.location))
                }
                continue
            }
            claims.claim(shown)
            aliases.append(path)
        }
        if item.fields.draft || item.document.isDraftFile {
            item.outcome = item.oldURL == item.newURL ? .kept : .unknown
        } else if let old = item.oldURL {
            if old == item.newURL {
                item.outcome = .kept
                report[.urlsKept] += 1
            } else if old + "/" == item.newURL {
                item.outcome = .kept
                report[.urlsKept] += 1
                report.add(ImportNote(.converted, .url, "\(old) is published as \(item.newURL): web servers send the first to the second",
                                      at: location))
            } else if let alias = AliasPath.url(for: old), claims.isFree("/" + alias.value) {
                claims.claim("/" + alias.value)
                aliases.append(old)
                item.outcome = .redirected
                report[.urlsRedirected] += 1
                report.add(ImportNote(.converted, .url, "\(old) redirects to \(item.newURL), its new URL",
                                      at: item.fields.url?.location ?? location, hint: Self.why(old: old, new: item.newURL)))
            } else {
                item.outcome = .changed
                report[.urlsChanged] += 1
                report.add(ImportNote(.problem, .url, "\(old) is now \(item.newURL), and the old URL cannot redirect here",
                                      at: item.fields.url?.location ?? location,
                                      hint: AliasPath.url(for: old) == nil ? "a redirect's path may not contain '?', '#', '\\\\' or '..'"
                                        : "another page or file of the new site has that path"))
            }
        }
        item.aliases = aliases
    }

    /// Why an old URL could not be kept exactly, for the report.
    private static func why(old: String, new: String) -> String {
        if !URLPaths.isFolder(old) { return "Cellar publishes pages at folder URLs such as \(new)" }
        if let last = URLPaths.segments(old).last, !Slug.isValid(last) {
            return "'\(last)' cannot be a slug (no '/', '?', '#', '%' or spaces)"
        }
        return "the section's permalink gives the other posts their URLs; this one did not fit it"
    }

    static func looseDate(of date: Date) -> LooseDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return LooseDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
                         minute: parts.minute ?? 0, second: parts.second ?? 0, hasTime: true, offset: 0)
    }
}
