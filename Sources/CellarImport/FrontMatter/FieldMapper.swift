import CellarEngine
import CellarDiagnostics
import CellarTree
import Foundation

/// Maps a document's front matter onto Cellar's fields, field by field, as its generator reads it:
/// Hugo's keys ignore case and `published` is a date; Jekyll's `tags: a b` are two tags and
/// `published: false` keeps a post unpublished.
struct FieldMapper {
    var dialect: SourceDialect
    var settings: SourceSettings
    var keepFields: Bool
    /// "Now": a publish date still to come schedules the item; one that has passed changes nothing.
    var now = Date()

    /// What a source field becomes.
    enum Role: Equatable {
        case title, date, publishDate, updated, expires, slug, url, draft, published, weight, aliases, subtitle
        case taxonomy(category: Bool)
        /// A summary; the lowest rank written wins (`summary` over `description` over `excerpt`).
        case summary(rank: Int)
        /// How the generator builds the page (layout, outputs…): never carried over.
        case generator
    }

    /// The pairs of a document's front matter, with the source's defaults for keys it does not set.
    typealias Pairs = [(key: String, keyNode: LocatedNode, value: LocatedNode)]

    func role(of key: String) -> Role? {
        switch dialect {
        case .hugo:
            let name = key.lowercased()
            if settings.taxonomies.contains(name) || name == "tags" || name == "categories" { return .taxonomy(category: name != "tags") }
            switch name {
            case "publishdate", "pubdate", "published": return .publishDate
            case "lastmod", "modified": return .updated
            case "expirydate", "unpublishdate": return .expires
            case "url": return .url
            case "aliases": return .aliases
            case "layout", "type", "_build", "build", "cascade", "outputs", "headless", "markup", "resources", "sitemap",
                 "menu", "menus", "translationkey", "iscjklanguage", "kind", "lang":
                return .generator
            default: return Self.sharedRole(of: name)
            }
        case .jekyll:
            switch key {
            case "last_modified_at", "updated", "modified": return .updated
            case "expires": return .expires
            case "permalink": return .url
            case "tags", "tag": return .taxonomy(category: false)
            case "categories", "category": return .taxonomy(category: true)
            case "published": return .published
            case "redirect_from": return .aliases
            case "excerpt": return .summary(rank: 2)
            case "layout", "excerpt_separator", "render_with_liquid", "sitemap", "redirect_to", "ext", "output", "kind",
                 "collection", "type", "lang":
                return .generator
            default: return Self.sharedRole(of: key)
            }
        }
    }

    /// The keys Hugo (lowercased) and Jekyll both name alike.
    private static func sharedRole(of key: String) -> Role? {
        switch key {
        case "title": .title
        case "date": .date
        case "slug": .slug
        case "draft": .draft
        case "weight": .weight
        case "subtitle": .subtitle
        case "summary": .summary(rank: 0)
        case "description": .summary(rank: 1)
        default: nil
        }
    }

    /// Maps `pairs`; every field not carried over and every value that could not be read is noted.
    func map(_ pairs: Pairs, of document: SourceDocument, report: inout ImportReport) -> MappedFields {
        var fields = MappedFields()
        var summaryRank = Int.max
        var publishDate: MappedFields.Located<LooseDate>?
        var categoryNames: [String] = []
        for (key, keyNode, value) in pairs {
            guard let role = role(of: key) else {
                keep(key, value, at: keyNode.location, into: &fields, report: &report)
                continue
            }
            report[.fieldsMapped] += role == .generator ? 0 : 1
            switch role {
            case .title:
                fields.title = value.nonEmptyText
            case .date:
                fields.date = date(value, field: key, report: &report) ?? fields.date
            case .publishDate:
                if value.boolValue == nil { publishDate = date(value, field: key, report: &report) }
            case .updated:
                fields.updated = date(value, field: key, report: &report)
            case .expires:
                fields.expires = date(value, field: key, report: &report)
            case .slug:
                fields.slug = value.nonEmptyText.map { .init(value: $0, location: value.location) }
            case .url:
                fields.url = value.nonEmptyText.map { .init(value: $0, location: value.location) }
            case .draft:
                fields.draft = fields.draft || value.boolValue == true
            case .published:
                if value.boolValue == false {
                    fields.draft = true
                    report.add(ImportNote(.converted, .post, "'\(key): false' is 'draft: true'", at: keyNode.location))
                }
            case .weight:
                fields.weight = value.intValue
            case .aliases:
                fields.aliases += value.textList().map { .init(value: $0.text, location: $0.location) }
            case .subtitle:
                if let text = value.nonEmptyText, text.count <= 160 { fields.subtitle = text } else {
                    keep(key, value, at: keyNode.location, into: &fields, report: &report)
                }
            case .summary(let rank):
                if let text = value.nonEmptyText, rank < summaryRank {
                    fields.summary = text
                    summaryRank = rank
                }
            case .taxonomy(let category):
                let names = value.textList(splittingWords: dialect == .jekyll).map(\.text)
                if category { categoryNames += names }
                for name in names where !fields.tags.contains(name) { fields.tags.append(name) }
            case .generator:
                report.droppedFields[key, default: 0] += 1
                report[.fieldsDropped] += 1
            }
        }
        if !categoryNames.isEmpty {
            fields.categories = categoryNames
        }
        if let publishDate {
            // Cellar publishes an item from its date on: a publish date to come becomes the date;
            // one that has passed (or a page without a date) changes nothing a reader sees but the date.
            let zone = settings.timeZone
            let publish = publishDate.value.instant(in: zone)
            if fields.date == nil {
                fields.date = publishDate
            } else if let date = fields.date, publish > date.value.instant(in: zone), publish > now {
                fields.date = publishDate
                report.add(ImportNote(.converted, .date, "the publish date \(publishDate.value.cellarText) is still to come: it is the item's date, so the item waits for it",
                                      at: publishDate.location))
            }
        }
        return fields
    }

    /// A date, or nil after noting that it could not be read.
    private func date(_ node: LocatedNode, field: String, report: inout ImportReport) -> MappedFields.Located<LooseDate>? {
        guard let text = node.nonEmptyText else { return nil }
        if var date = LooseDate.parse(text) {
            // Jekyll's YAML reads an unquoted `2016-06-13 2:00:00` as a timestamp, and a timestamp
            // without a zone is UTC; a day alone, or a time without seconds, is text it reads in the site's zone.
            if dialect == .jekyll, date.offset == nil, case .scalar(_, .plain) = node.value, Self.isYAMLTimestamp(text) {
                date.offset = 0
            }
            return .init(value: date, location: node.location)
        }
        report[.datesUnreadable] += 1
        report.add(ImportNote(.problem, .date, "'\(field)' is not a date: \(node.shortDescription)", at: node.location,
                              hint: "write it as 2024-07-13 or 2024-07-13 22:03; it was left out of the new item"))
        return nil
    }

    /// A field Cellar has no place for: kept under a name a schema accepts, or dropped and counted.
    private func keep(_ key: String, _ value: LocatedNode, at location: SourceLocation, into fields: inout MappedFields,
                      report: inout ImportReport) {
        guard keepFields else {
            report.droppedFields[key, default: 0] += 1
            report[.fieldsDropped] += 1
            return
        }
        let name = Self.fieldName(for: dialect == .hugo ? key.lowercased() : key)
        fields.kept.append(.init(name: name, node: value))
    }

    /// YAML 1.1's timestamp with a time and no zone: `2016-06-13 2:00:00`, `2016-06-13T02:00:00.5`.
    static func isYAMLTimestamp(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?$"#,
                   options: .regularExpression) != nil
    }

    /// Names a kept field may not take: the values templates already have for every item (the
    /// engine's own list, which grows with it), the common fields, and the default theme's
    /// article fields the importer fills itself.
    static let reservedNames: Set<String> = TemplateValues.reservedFieldNames
        .union(BuiltinSchemas.common.names).union(["page", "site", "item", "id", "file", "subtitle", "cover", "cover_alt"])

    /// A field name a Cellar schema accepts: letters, digits and `_`, starting with a letter
    /// (`featured-image` → `featured_image`, `url` → `source_url`).
    static func fieldName(for key: String) -> String {
        var name = String(key.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if name.first.map({ !$0.isLetter }) ?? true { name = "field_" + name }
        if reservedNames.contains(name) { name = "source_" + name }
        return name
    }
}
