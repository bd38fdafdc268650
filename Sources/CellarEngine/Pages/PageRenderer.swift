import CellarDiagnostics
import CellarMustache

/// Renders a ``Page`` through its layout: builds the template context (site, page, item, nav)
/// and fills each list section with the cached HTML of its cells.
struct PageRenderer: Sendable {
    let environment: RenderEnvironment
    let theme: Theme
    let items: [String: Item]
    let cells: CellCache
    let siteContext: MustacheValue
    /// The top-level sections in menu order, and each section's subsections: the same for every page.
    private let topSections: [ContentSection]
    private let subsections: [String: [ContentSection]]

    init(environment: RenderEnvironment, theme: Theme, items: [String: Item], cells: CellCache) {
        self.environment = environment
        self.theme = theme
        self.items = items
        self.cells = cells
        self.siteContext = Self.siteContext(environment)
        let inMenuOrder = environment.sections.values.sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
        self.topSections = inMenuOrder.filter { $0.parentID == nil && !$0.id.isEmpty }
        self.subsections = Dictionary(grouping: inMenuOrder.filter { $0.parentID != nil }) { $0.parentID ?? "" }
    }

    /// Renders `page`, appending its UTF-8 bytes to `html` (pages go straight to files: no `String`).
    func render(_ page: Page, into html: inout [UInt8]) throws {
        let template: MustacheTemplate
        switch page.role {
        case .home: template = theme.layouts.home
        case .section, .tag: template = theme.layouts.list
        case .tags: template = theme.layouts.taxonomy
        case .notFound: template = theme.layouts.notFound
        case .item:
            let kind = page.itemID.flatMap { items[$0]?.kind } ?? ""
            template = theme.itemPages[kind] ?? theme.layouts.item
        }
        try template.render(context(for: page), library: theme.library, appendingUTF8To: &html)
    }

    // MARK: - Context

    func context(for page: Page) throws -> MustacheValue {
        let item = page.itemID.flatMap { items[$0] }
        var root: [String: MustacheValue] = [
            "site": siteContext,
            "page": try pageContext(page, item: item),
            "nav": navigation(current: page.sectionID ?? item?.sectionID),
        ]
        if let item { root["item"] = .custom(ItemContext(item: item, environment: environment)) }
        if let previous = page.previousID.flatMap({ items[$0] }) {
            root["previous"] = .custom(ItemContext(item: previous, environment: environment))
        }
        if let next = page.nextID.flatMap({ items[$0] }) {
            root["next"] = .custom(ItemContext(item: next, environment: environment))
        }
        return .object(root)
    }

    private func pageContext(_ page: Page, item: Item?) throws -> MustacheValue {
        let site = environment.site
        let title = page.role == .home ? site.title : page.title
        var context: [String: MustacheValue] = [
            "title": .string(title),
            "full_title": .string(page.role == .home ? site.title : "\(page.title) · \(site.title)"),
            "description": .string(page.description ?? site.description ?? ""),
            "url": .string(environment.href(page.url)),
            "permalink": .string(environment.absolute(page.url)),
            "role": .string(page.role.rawValue),
            "is_\(page.role.rawValue)": .bool(true),   // is_home, is_item, … is_404
            "type": .string(page.role == .item ? "article" : "website"),
            "sections": .list(try page.dataSource.sections.map(sectionContext)),
            "cell_count": .int(page.dataSource.cellCount),
            "has_neighbours": .bool(page.previousID != nil || page.nextID != nil),
            "feeds": .list(page.feeds.map(feedContext)),
            "intro": page.introHTML.map { $0.isEmpty ? .null : .html($0) } ?? .null,
            "tags": .list(page.tags.map { ["name": .string($0.name), "url": .string(environment.href($0.url)), "count": .int($0.count)] }),
        ]
        if page.role == .notFound { context["noindex"] = .bool(true) }
        if let pagination = page.pagination, pagination.total > 1 {
            context["pagination"] = paginationContext(pagination)
        }
        if let image = item.flatMap(firstImage) { context["image"] = .string(image) }
        if let sectionID = page.sectionID, page.role == .section {
            let children = subsections[sectionID] ?? []
            context["has_subsections"] = .bool(!children.isEmpty)
            context["subsections"] = .list(children.map { ["title": .string($0.title), "url": .string(environment.href($0.url))] })
        }
        return .object(context)
    }

    private func sectionContext(_ section: Section) throws -> MustacheValue {
        // Every cell was rendered once by the cell stage (a build whose cell failed stops there).
        var html = ""
        for cell in section.cells { html += cells.html(for: cell.itemID) ?? "" }
        var context: [String: MustacheValue] = [
            "cells": .html(html), "count": .int(section.cells.count),
        ]
        if let title = section.title {
            context["title"] = .string(title)
            context["anchor"] = .string(Slug.make(title))
        }
        if let url = section.url { context["url"] = .string(environment.href(url)) }
        return .object(context)
    }

    private func paginationContext(_ pagination: Pagination) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "current": .int(pagination.current), "total": .int(pagination.total),
            "pages": .list(pagination.window().map { number in
                guard let number else { return ["gap": .bool(true)] }
                return ["number": .int(number), "url": .string(environment.href(pagination.pages[number - 1])),
                        "current": .bool(number == pagination.current)]
            }),
        ]
        if let previous = pagination.previous { context["previous_url"] = .string(environment.href(previous)) }
        if let next = pagination.next { context["next_url"] = .string(environment.href(next)) }
        return .object(context)
    }

    private func feedContext(_ feed: FeedLink) -> MustacheValue {
        Self.feedContext(feed, environment)
    }

    private static func feedContext(_ feed: FeedLink, _ environment: RenderEnvironment) -> MustacheValue {
        ["title": .string(feed.title), "url": .string(environment.href(feed.url)), "type": .string(feed.mediaType)]
    }

    private func navigation(current: String?) -> MustacheValue {
        let currentTop = current.map { id in
            var id = id
            while let parent = environment.sections[id]?.parentID { id = parent }
            return id
        }
        return .list(topSections.map { section in
            ["title": .string(section.title), "url": .string(environment.href(section.url)),
             "current": .bool(section.id == currentTop)]
        })
    }

    /// The absolute URL of an item's first `image` field, for Open Graph and Twitter cards.
    private func firstImage(_ item: Item) -> String? {
        for spec in environment.kinds[item.kind]?.fields.fields ?? [] where spec.type == .image {
            if case .file(let reference)? = item.fields[spec.name]?.value, let url = environment.fileAbsolute(reference) {
                return url
            }
        }
        return nil
    }

    private static func siteContext(_ environment: RenderEnvironment) -> MustacheValue {
        let site = environment.site
        var context: [String: MustacheValue] = [
            "title": .string(site.title),
            "description": .string(site.description ?? ""),
            "url": .string(environment.href(.root)),
            "base_url": .string(environment.absolute(.root)),
            "base_path": .string(environment.url.basePath),
            "language": .string(site.language),
            "generator": .string(environment.generator),
            "feeds": .list(environment.siteFeeds.map { feedContext($0, environment) }),
            "has_tags": .bool(!environment.tags.tags.isEmpty),
            "tags_url": .string(environment.href(TagIndex.root)),
        ]
        if let author = site.author { context["author"] = .string(author) }
        if let copyright = site.copyrightHTML { context["copyright"] = .html(copyright) }
        return .object(context)
    }
}
