import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// From the source's documents to the new site's items and sections: front matter mapped, titles
/// and dates completed as the source generator completes them, the source's URL of each item
/// worked out by its rules.
struct ItemAssembler {
    var site: SourceSite
    var dialect: SourceDialect
    var keepFields: Bool
    var now = Date()

    func assemble(report: inout ImportReport) -> (items: [PlannedItem], sections: [PlannedSection], home: SourceDocument?) {
        let mapper = FieldMapper(dialect: dialect, settings: site.settings, keepFields: keepFields, now: now)
        var sections: [String: PlannedSection] = [:]
        var home: SourceDocument?
        for document in site.documents where document.role == .sectionIndex {
            let front = document.frontMatter
            let title = front?.value("title", caseInsensitive: dialect == .hugo)?.nonEmptyText
            sections[document.section] = PlannedSection(
                folder: document.section, title: title ?? Self.title(ofFolder: document.section),
                description: front?.value("description", caseInsensitive: dialect == .hugo)?.nonEmptyText,
                index: document, weight: front?.value("weight", caseInsensitive: dialect == .hugo)?.intValue)
            for (key, keyNode, _) in front?.keyedPairs ?? [] where !["title", "description", "weight"].contains(key.lowercased()) {
                report.droppedFields[key, default: 0] += 1
                report[.fieldsDropped] += 1
                report.add(ImportNote(.dropped, .section, "the section setting '\(key)' has no place in Cellar", at: keyNode.location))
            }
        }
        // A section only another language has (`content/vi/notes/_index.md`, no English one): a
        // section of the new site too, named in that language, so its pages keep their URLs.
        for document in site.indexTranslations where !document.section.isEmpty && sections[document.section] == nil {
            let front = document.frontMatter
            sections[document.section] = PlannedSection(
                folder: document.section, title: front?.value("title", caseInsensitive: true)?.nonEmptyText ?? Self.title(ofFolder: document.section),
                description: front?.value("description", caseInsensitive: true)?.nonEmptyText,
                weight: front?.value("weight", caseInsensitive: true)?.intValue)
            report.add(ImportNote(.converted, .section, "\(document.section)/ has words only in \(document.language ?? ""): the new site has the section in every language, titled as there",
                                  at: document.location))
        }
        for document in site.documents where document.role == .post && sections[document.section] == nil && !document.section.isEmpty {
            let top = dialect == .jekyll ? document.section : String(document.section.split(separator: "/").first ?? "")
            if sections[top] == nil {
                sections[top] = PlannedSection(folder: top, title: dialect == .jekyll && top == JekyllReader.postsSection ? "Posts"
                                                : Self.title(ofFolder: top))
            }
        }
        let sectionFolders = Set(sections.keys)
        var items: [PlannedItem] = []
        for var document in site.documents {
            switch document.role {
            case .homeIndex:
                home = document
                continue
            case .sectionIndex:
                continue
            case .post, .page:
                break
            }
            if dialect == .jekyll, let target = document.frontMatter?["redirect_to"]?.textList().first?.text {
                report.add(ImportNote(.problem, .page, "\(document.path) only redirects to \(target) (jekyll-redirect-from): not imported",
                                      at: document.frontMatter?["redirect_to"]?.location ?? document.location,
                                      hint: "Cellar's aliases lead to its own pages; redirect this address on the web server"))
                report[.filesLeftOut] += 1
                continue
            }
            if document.role == .post { document.section = Self.nearest(document.contentFolder.isEmpty ? document.section : document.contentFolder, in: sectionFolders) ?? document.section }
            let pairs = (document.frontMatter?.keyedPairs ?? []).map { (key: $0.key, keyNode: $0.keyNode, value: $0.value) }
            var fields = mapper.map(pairs, of: document, report: &report)
            let sourceFields = fields   // the URL rules see the front matter as the source did: without a made-up title
            if fields.title == nil {
                // Jekyll titles a post after its slug; Hugo shows none, so the name without its date reads best.
                let name = JekyllReader.splitPostName(document.fileSlug)?.1 ?? document.fileSlug
                let title = dialect == .jekyll ? JekyllSlug.titleize(document.fileSlug) : Self.title(ofFolder: name)
                fields.title = title
                report.add(ImportNote(.converted, document.role == .post ? .post : .page,
                                      "no title: titled \"\(title)\" after its file name" + (dialect == .jekyll ? ", as Jekyll shows it" : ""),
                                      at: document.location))
            }
            var item = PlannedItem(document: document, fields: fields, target: document.target)
            item.date = fields.date?.value
            if item.date == nil, var fileDate = document.fileDate {
                fileDate.written = nil
                item.date = fileDate
                item.fields.date = .init(value: fileDate, location: document.location)
            }
            if item.date == nil, document.isDraftFile, let modified = document.modified {
                item.date = URLPlanner.looseDate(of: modified)
                item.fields.date = .init(value: item.date!, location: document.location)
                report.add(ImportNote(.converted, .date, "a draft without a date: dated \(item.date!.cellarText), when its file last changed, as Jekyll dates drafts",
                                      at: document.location))
            }
            var urlFields = sourceFields
            urlFields.date = item.fields.date
            let (url, problem) = site.urlRules.url(of: document, fields: urlFields)
            // Hugo puts each language but the default under /<code>/ (the default too with
            // defaultContentLanguageInSubdir); a `url:` of the front matter is taken as written.
            item.urlPrefix = Self.languagePrefix(of: document.language, settings: site.settings)
            item.oldURL = url.map { fields.url == nil ? item.urlPrefix + $0 : $0 }
            if let problem {
                report.add(ImportNote(.problem, .url, problem + "; the item gets Cellar's URL", at: item.fields.url?.location ?? document.location))
            }
            if document.role == .post {
                report[.posts] += 1
                if item.fields.draft || document.isDraftFile { report[.drafts] += 1 }
            } else {
                report[.pages] += 1
            }
            items.append(item)
        }
        report[.sections] = sections.count
        return (items, sections.values.sorted { $0.folder < $1.folder }, home)
    }

    /// `/vi` for a page in Vietnamese on a multilingual site, `""` for the default language's (unless
    /// it is under `/<code>/` too).
    static func languagePrefix(of language: String?, settings: SourceSettings) -> String {
        guard !settings.languages.isEmpty else { return "" }
        if let language, language != settings.defaultLanguage { return "/" + Slug.make(language) }
        return settings.defaultLanguageInSubdir ? "/" + Slug.make(settings.defaultLanguage) : ""
    }

    /// The nearest section at or above `folder`.
    static func nearest(_ folder: String, in sections: Set<String>) -> String? {
        var current = folder
        while !current.isEmpty {
            if sections.contains(current) { return current }
            current = Paths.parent(of: current)
        }
        return nil
    }

    /// `my-notes` → `My notes`, as Cellar names a section without a title.
    static func title(ofFolder folder: String) -> String {
        let name = Paths.lastComponent(of: folder).replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
