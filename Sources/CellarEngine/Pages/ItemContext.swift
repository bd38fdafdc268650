import CellarMustache

/// An item as templates see it, answering lookups straight from the typed ``Item``.
struct ItemContext: MustacheObject {
    let item: Item
    let environment: RenderEnvironment

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "title": return .string(item.title)
        case "url": return item.hasPage ? .string(environment.href(item.url)) : .null
        case "permalink": return item.hasPage ? .string(environment.absolute(item.url)) : .null
        case "anchor": return .string(item.anchor)
        case "kind": return .string(item.kind)
        case "date": return item.date.map { .custom(DateContext(date: $0, dates: environment.dates)) } ?? .null
        case "updated": return item.updated.map { .custom(DateContext(date: $0, dates: environment.dates)) } ?? .null
        case "tags": return .list(item.tags.map { tagValue($0) })
        case "has_tags": return .bool(!item.tags.isEmpty)
        case "has_words": return .bool(item.wordCount > 0)
        case "summary": return .string(item.summary)
        case "content": return .html(item.contentHTML)
        case "word_count": return .int(item.wordCount)
        case "reading_time": return .int(item.readingTime)
        case "has_page": return .bool(item.hasPage)
        case "draft": return .bool(item.draft)
        case "weight": return .int(item.weight)
        case "section":
            guard let section = environment.sections[item.sectionID] else { return .null }
            return .object(["title": .string(section.title), "url": .string(environment.href(section.url))])
        default:
            guard let field = item.fields[key] else { return nil }
            let type = environment.kinds[item.kind]?.schema[key]?.type
            return environment.mustacheValue(of: field.value, type: type)
        }
    }

    private func tagValue(_ name: String) -> MustacheValue {
        let tag = environment.tags.tag(named: name)
        let slug = tag?.slug ?? Slug.make(name)
        return .object([
            "name": .string(tag?.name ?? name), "slug": .string(slug),
            "url": .string(environment.href(TagIndex.root.appending(slug + "/"))),
        ])
    }

    /// The `id` of an item's cell in list pages: `item-reviews-dune`.
    static func anchor(of item: Item) -> String { item.anchor }

    static func anchor(forSource id: String, bundleDirectory: String?) -> String {
        "item-" + Slug.make(bundleDirectory ?? Paths.deletingExtension(id))
    }
}

/// A date: prints RFC 3339; `.long`, `.short`, `.iso`, `.day`, `.year`, `.month` for other forms.
struct DateContext: MustacheObject {
    let date: Date
    let dates: DateFormatting

    var mustacheInterpolation: MustacheValue? { .string(dates.iso(date)) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "iso": .string(dates.iso(date))
        case "long": .string(dates.long(date))
        case "short": .string(dates.short(date))
        case "day": .string(dates.day(date))
        case "year": .int(dates.components(date).year)
        case "month": .int(dates.components(date).month)
        case "month_name": .string(dates.month(date))
        case "rfc822": .string(dates.rfc822(date))
        default: nil
        }
    }
}

/// A `url` field's value: prints the URL; `.host` gives its host name (`example.org`).
struct URLValueContext: MustacheObject {
    let url: String

    var mustacheInterpolation: MustacheValue? { .string(url) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "host": .string(Self.host(of: url))
        case "url": .string(url)
        default: nil
        }
    }

    static func host(of url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return "" }
        var host = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("www.") { host = host.dropFirst(4) }
        return String(host)
    }
}

/// An `enum` field's value: prints the value; `{{#style.toggle}}` (or `style.is_toggle`) tests it.
struct EnumValueContext: MustacheObject {
    let value: String
    let values: [String]

    var mustacheInterpolation: MustacheValue? { .string(value) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        let name = key.hasPrefix("is_") ? String(key.dropFirst(3)) : key
        if name == "value" { return .string(value) }
        return values.contains(name) ? .bool(name == value) : nil
    }
}

import Foundation
