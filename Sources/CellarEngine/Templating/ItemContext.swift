import CellarFiles
import CellarMustache
import Foundation

/// An item as templates see it, answering lookups straight from the typed ``ContentItem``.
struct ItemContext: MustacheObject {
    let item: ContentItem
    let environment: RenderEnvironment
    /// The language of the page it is drawn on: `has_own_language` says whether the item's differs.
    /// Nil: the site's — a cell, drawn once for every list that shows it (lists are in the site's language).
    var pageLanguage: String?

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "title": return .string(item.title)
        case "url": return item.hasPage ? .string(environment.href(item.url)) : .null
        case "permalink": return item.hasPage ? .string(environment.absolute(item.url)) : .null
        case "anchor": return .string(item.anchor)
        case "kind": return .string(item.kind)
        case "date": return item.date.map { .custom(DateContext(date: $0, dates: environment.dates, language: item.language)) } ?? .null
        case "updated":
            return item.updated.map { .custom(DateContext(date: $0, dates: environment.dates, language: item.language)) } ?? .null
        case "language": return .string(item.language)
        case "has_own_language": return .bool(item.language != (pageLanguage ?? environment.listLanguage(of: item)))
        case "tags": return .list(item.tags.map { tagValue($0) })
        case "has_tags": return .bool(!item.tags.isEmpty)
        case "has_words": return .bool(item.wordCount > 0 || item.body.counts.codeWords > 0)
        case "summary": return .string(item.summary)
        case "content": return .html(environment.bodyPictures.rewrite(item.contentHTML))
        case "word_count": return .int(item.wordCount)
        case "code_words": return .int(item.body.counts.codeWords)
        case "reading_time": return .int(item.readingTime)
        case "toc": return TableOfContents.value(of: item.body.headings)
        case "has_toc": return .bool(item.body.headings.count >= TableOfContents.minimumHeadings)
        case "has_page": return .bool(item.hasPage)
        case "draft": return .bool(item.draft)
        case "weight": return .int(item.weight)
        case "section":
            guard let section = environment.section(of: item) else { return .null }
            return .record(["title": .string(section.title), "url": .string(environment.href(section.url))])
        case "fields": return FieldListContext(item: item, environment: environment).fields
        case "has_fields": return .bool(FieldListContext(item: item, environment: environment).hasFields)
        case "t": return .custom(ThemeText(table: environment.text(for: item)))
        default:
            guard let field = item.fields[key] else { return nil }
            let spec = environment.fieldSpec(key, of: item.kind)
            return environment.mustacheValue(of: field.value, type: spec?.type, labels: spec?.valueLabels ?? [:],
                                             language: item.language)
        }
    }

    private func tagValue(_ name: String) -> MustacheValue {
        let tags = environment.tags(of: item)
        let tag = tags.tag(named: name)
        let slug = tag?.slug ?? Slug.make(name)
        return .record([
            "name": .string(tag?.name ?? name), "slug": .string(slug),
            "url": .string(environment.href(tag?.url ?? tags.home.appending(slug + "/"))),
        ])
    }

    /// The `id` of an item's cell in list pages: `item-reviews-dune`.
    static func anchor(forSource id: String, bundleDirectory: String?) -> String {
        "item-" + Slug.make(bundleDirectory ?? Paths.deletingExtension(id))
    }
}
