import CellarDiagnostics
import CellarMustache

/// Renders a ``Page`` through its layout: builds the template context (site, page, item, nav)
/// and fills each list section with the cached HTML of its cells.
struct PageRenderer: Sendable {
    let environment: RenderEnvironment
    let theme: Theme
    let items: [String: ContentItem]
    let cells: CellCache
    let siteContext: MustacheValue
    /// On a multilingual site, each page's versions in the other languages.
    let alternates: LanguageAlternates
    /// Each section's subsections, in navigation order: the same for every page.
    private let subsections: [String: [ContentSection]]

    init(environment: RenderEnvironment, theme: Theme, items: [String: ContentItem], cells: CellCache,
         alternates: LanguageAlternates = LanguageAlternates()) {
        self.environment = environment
        self.alternates = alternates
        self.theme = theme
        self.items = items
        self.cells = cells
        self.siteContext = Self.siteContext(environment)
        let inMenuOrder = environment.sections.values.sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
        self.subsections = Dictionary(grouping: inMenuOrder.filter { $0.parentID != nil }) { $0.parentID ?? "" }
    }

    /// Renders `page`, appending its UTF-8 bytes to `html` (pages go straight to files: no `String`).
    func render(_ page: Page, into html: inout [UInt8]) throws {
        // An item page is drawn by its kind's page (in Swift or Mustache); any other by the layout the page names.
        let item = page.itemID.flatMap { items[$0] }
        if let item, let swiftPage = theme.swiftPages[item.kind] {
            try swiftPage.template.render(context(for: page, swiftPage: swiftPage.render(item, environment: environment)),
                                          library: theme.library, appendingUTF8To: &html)
            return
        }
        let template = if let item { theme.itemPage(of: item.kind) } else { theme.layouts[page.layout] }
        guard let template else {
            throw Diagnostic.error("the theme has no layouts/\(page.layout).html for \(page.url)")
        }
        try template.render(context(for: page), library: theme.library, appendingUTF8To: &html)
    }

    // MARK: - Context

    /// - Parameter swiftPage: what the kind's Swift page drew, for the `lead` block of the item layout.
    func context(for page: Page, swiftPage: String? = nil) throws -> MustacheValue {
        let item = page.itemID.flatMap { items[$0] }
        var root: MustacheRecord = [
            "page": try pageContext(page, item: item),
            "site": siteContext,
            "nav": navigation(section: page.sectionID ?? item?.sectionID, item: item?.id, url: page.url),
            "t": .custom(ThemeText(table: item.map(environment.text(for:)) ?? environment.siteText)),
        ]
        // An item's page is in the item's language; its neighbours say when theirs differs.
        let language = item?.language
        if let item { root["item"] = .custom(ItemContext(item: item, environment: environment, pageLanguage: language)) }
        if let swiftPage { root[Theme.SwiftPage.variable] = .html(swiftPage) }
        if let previous = page.previousID.flatMap({ items[$0] }) {
            root["previous"] = .custom(ItemContext(item: previous, environment: environment, pageLanguage: language))
        }
        if let next = page.nextID.flatMap({ items[$0] }) {
            root["next"] = .custom(ItemContext(item: next, environment: environment, pageLanguage: language))
        }
        return .record(root)
    }

    private func pageContext(_ page: Page, item: ContentItem?) throws -> MustacheValue {
        let site = environment.site
        // An item's page says what its item says (``Page/title``).
        let title = page.role == .home ? site.title : item?.title ?? page.title
        let description = if let item { item.summary.isEmpty ? nil : item.summary } else { page.description }
        var context: MustacheRecord = [
            "title": .string(title),
            "full_title": .string(page.role == .home ? site.title : "\(title) · \(site.title)"),
            // Only the home page speaks for the whole site: a section without a description has none.
            "description": (description ?? (page.role == .home ? site.description : nil)).map(MustacheValue.string) ?? .null,
            "url": .string(environment.href(page.url)),
            "permalink": .string(environment.absolute(page.url)),
            "language": .string(item?.language ?? site.language),
            "has_own_language": .bool((item?.language ?? site.language) != site.language),
            "role": .string(page.role.rawValue),
            "is_\(page.role.rawValue)": .bool(true),   // is_home, is_item, … is_404
            "type": .string(page.role == .item ? "article" : "website"),
            "sections": .list(try page.dataSource.sections.map(sectionContext)),
            "cell_count": .int(page.dataSource.cellCount),
            "has_neighbours": .bool(page.previousID != nil || page.nextID != nil),
            "feeds": .list(page.feeds.map(feedContext)),
            "intro": page.introHTML.map { $0.isEmpty ? .null : .html($0) } ?? .null,
            "tags": .list(page.tags.map { .record(["name": .string($0.name), "url": .string(environment.href($0.url)), "count": .int($0.count)]) }),
        ]
        if page.role == .notFound || page.role == .search { context["noindex"] = .bool(true) }
        if let pagination = page.pagination, pagination.total > 1 {
            context["pagination"] = paginationContext(pagination)
        }
        if let image = item.flatMap(firstImage) { context["image"] = .string(image) }
        if let language = page.language { addLanguages(to: &context, page: page, language: language) }
        if let sectionID = page.sectionID, page.role == .section {
            let children = subsections[sectionID] ?? []
            context["has_subsections"] = .bool(!children.isEmpty)
            context["subsections"] = .list(children.map { .record(["title": .string($0.title), "url": .string(environment.href($0.url))]) })
        }
        return .record(context)
    }

    /// The switcher (every language, leading to this page in it, else to its home) and the
    /// `hreflang` alternates (this page in every language it is in, then `x-default`).
    private func addLanguages(to context: inout MustacheRecord, page: Page, language: String) {
        let languages = alternates.languages
        context["languages"] = .list(languages.all.map { other in
            let destination = alternates.destination(from: page.url, in: other.code)
            return .record(["code": .string(other.code), "name": .string(other.name), "url": .string(environment.href(destination.url)),
                            "current": .bool(other.code == language), "translated": .bool(destination.isTranslation)])
        })
        let versions = alternates.alternates(of: page.url)
        guard !versions.isEmpty else { return }
        var links: [MustacheValue] = versions.map { .record(["hreflang": .string($0.language), "url": .string(environment.absolute($0.url))]) }
        let fallback = versions.first { $0.language == languages.defaultCode } ?? versions[0]
        links.append(.record(["hreflang": "x-default", "url": .string(environment.absolute(fallback.url))]))
        context["alternates"] = .list(links)
    }

    private func sectionContext(_ section: Section) throws -> MustacheValue {
        // Every cell was rendered once by the cell stage (a build whose cell failed stops there).
        let html = section.cells.html { cells.html(for: $0.itemID) }
        var context: MustacheRecord = [
            "cells": .html(html), "count": .int(section.cells.count),
        ]
        if let title = section.title {
            context["title"] = .string(title)
            context["anchor"] = .string(Slug.make(title))
        }
        if let url = section.url { context["url"] = .string(environment.href(url)) }
        return .record(context)
    }

    private func paginationContext(_ pagination: Pagination) -> MustacheValue {
        var context: MustacheRecord = [
            "current": .int(pagination.current), "total": .int(pagination.total),
            "pages": .list(pagination.window().map { number in
                guard let number else { return .record(["gap": .bool(true)]) }
                return .record(["number": .int(number), "url": .string(environment.href(pagination.pages[number - 1])),
                                "current": .bool(number == pagination.current)])
            }),
        ]
        if let previous = pagination.previous { context["previous_url"] = .string(environment.href(previous)) }
        if let next = pagination.next { context["next_url"] = .string(environment.href(next)) }
        return .record(context)
    }

    private func feedContext(_ feed: FeedLink) -> MustacheValue {
        Self.feedContext(feed, environment)
    }

    private static func feedContext(_ feed: FeedLink, _ environment: RenderEnvironment) -> MustacheValue {
        .record(["title": .string(feed.title), "url": .string(environment.href(feed.url)), "type": .string(feed.mediaType)])
    }

    /// The navigation, each entry marked current when the page is in its section (or one under
    /// it), is its item, or is at its address.
    private func navigation(section: String?, item: String?, url: URLPath) -> MustacheValue {
        var enclosing: Set<String> = []
        var id = section
        while let current = id, !current.isEmpty {
            enclosing.insert(current)
            id = environment.sections[current]?.parentID
        }
        return .list(environment.navigation.map { entry in
            let current = entry.sectionID.map(enclosing.contains) ?? (entry.itemID.map { $0 == item } ?? (entry.url == url))
            return .record([
                "title": .string(entry.title),
                "url": .string(entry.externalURL ?? entry.url.map(environment.href) ?? ""),
                "current": .bool(current),
                "external": .bool(entry.externalURL != nil),
            ])
        })
    }

    /// The absolute URL of an item's first `image` field, for Open Graph and Twitter cards.
    private func firstImage(_ item: ContentItem) -> String? {
        for spec in environment.kinds[item.kind]?.fields.fields ?? [] where spec.type == .image {
            if case .file(let reference)? = item.fields[spec.name]?.value, let url = environment.fileAbsolute(reference) {
                return url
            }
        }
        return nil
    }

    private static func siteContext(_ environment: RenderEnvironment) -> MustacheValue {
        let site = environment.site
        var context: MustacheRecord = [
            "title": .string(site.title),
            "description": .string(site.description ?? ""),
            "url": .string(environment.href(environment.home)),
            "base_url": .string(environment.absolute(.root)),
            "base_path": .string(environment.url.basePath),
            "language": .string(site.language),
            "generator": .string(environment.generator),
            "feeds": .list(environment.siteFeeds.map { feedContext($0, environment) }),
            "has_tags": .bool(!environment.tags.tags.isEmpty),
            "tags_url": .string(environment.href(environment.tags.home)),
            "has_menu": .bool(site.menu != nil),
            "is_multilingual": .bool(site.languages.isMultilingual),
        ]
        if let index = environment.searchIndex { context["search_index"] = .string(environment.href(index)) }
        if let page = environment.searchPage { context["search_url"] = .string(environment.href(page)) }
        if let author = site.author { context["author"] = .string(author) }
        if let copyright = site.copyrightHTML { context["copyright"] = .html(copyright) }
        return .record(context)
    }
}
