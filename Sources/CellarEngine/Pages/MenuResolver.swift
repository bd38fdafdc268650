import CellarDiagnostics
import CellarFiles

/// Turns the `menu:` of the site settings into navigation entries: each name finds its section
/// or page (its label defaults to their title) — `tags` the tags page, while there is one — each
/// link stays as written. An entry that leads
/// nowhere is an error at its line; one whose page is not published yet is left out with a warning.
/// Without a menu, the navigation is the top-level sections.
struct MenuResolver {
    var sections: [String: ContentSection]
    /// Top-level sections in navigation order.
    var topSections: [ContentSection]
    var published: [String: ContentItem]
    var hidden: [String: ContentItem]
    var rules: PublishRules
    /// The tags page, named `tags` in a menu; nil while no item has tags (the entry is then left out).
    var tagsPage: NavigationEntry?

    func resolve(_ menu: [MenuEntry]?, diagnostics: inout DiagnosticBag) -> [NavigationEntry] {
        guard let menu else {
            return topSections.map { NavigationEntry(title: $0.title, url: $0.url, sectionID: $0.id) }
        }
        return menu.compactMap { entry in resolve(entry, diagnostics: &diagnostics) }
    }

    // MARK: - Private

    private func resolve(_ entry: MenuEntry, diagnostics: inout DiagnosticBag) -> NavigationEntry? {
        switch entry.target {
        case .link(let address):
            if address.hasPrefix("/") {
                let path = URLPath(String(address.dropFirst()))
                return NavigationEntry(title: entry.label ?? address, url: path)
            }
            return NavigationEntry(title: entry.label ?? URLValueContext.host(of: address), externalURL: address)
        case .section(let name):
            if let section = sections[name] { return navigation(to: section, label: entry.label) }
            diagnostics.error("menu entry '\(name)' is not a section" + didYouMean(name, in: sections.keys),
                              at: entry.location, hint: "sections are folders of content/ with an _index.md: "
                                + sections.keys.filter { !$0.isEmpty }.sorted().joined(separator: ", "))
        case .page(let name):
            if let item = item(named: name, in: published) { return navigation(to: item, entry: entry, diagnostics: &diagnostics) }
            if let item = item(named: name, in: hidden) { return leftOut(item, entry: entry, diagnostics: &diagnostics) }
            diagnostics.error("menu entry '\(name)' is not a page" + didYouMean(name, in: pageNames),
                              at: entry.location, hint: "a page is named by its file under content/ without .md: content/about.md is 'about'")
        case .content(let name):
            if let section = sections[name], !name.isEmpty { return navigation(to: section, label: entry.label) }
            if let item = item(named: name, in: published) { return navigation(to: item, entry: entry, diagnostics: &diagnostics) }
            if let item = item(named: name, in: hidden) { return leftOut(item, entry: entry, diagnostics: &diagnostics) }
            // `tags`: the tags page, there only while some item has tags (its address is no section's).
            if name == Self.tagsName {
                return tagsPage.map { page in NavigationEntry(title: entry.label ?? page.title, url: page.url) }
            }
            diagnostics.error("menu entry '\(name)' is not a section or a page of the site"
                                + didYouMean(name, in: pageNames + sections.keys.filter { !$0.isEmpty } + [Self.tagsName]),
                              at: entry.location,
                              hint: "name a section by its folder (blog), a page by its file without .md (about), or write a URL")
        }
        return nil
    }

    /// The menu's name of the tags page.
    static let tagsName = "tags"

    private func navigation(to section: ContentSection, label: String?) -> NavigationEntry {
        NavigationEntry(title: label ?? section.title, url: section.url, sectionID: section.id)
    }

    private func navigation(to item: ContentItem, entry: MenuEntry, diagnostics: inout DiagnosticBag) -> NavigationEntry? {
        guard item.hasPage else {
            diagnostics.error("menu entry '\(Self.name(of: item))' has no page of its own (its kind, '\(item.kind)', has page: false)",
                              at: entry.location, hint: "link to its section instead")
            return nil
        }
        return NavigationEntry(title: entry.label ?? item.title, url: item.url, itemID: item.id)
    }

    private func leftOut(_ item: ContentItem, entry: MenuEntry, diagnostics: inout DiagnosticBag) -> NavigationEntry? {
        let why = rules.whyHidden(item) ?? "is not published"
        diagnostics.warning("menu entry '\(Self.name(of: item))' \(why), so the menu leaves it out", at: entry.location,
                            hint: "it comes back once the page is published")
        return nil
    }

    /// The item `content/<name>.md` or `content/<name>/index.md`.
    private func item(named name: String, in items: [String: ContentItem]) -> ContentItem? {
        items[name + ".md"] ?? items[name + "/index.md"]
    }

    /// What people write for each published item with a page: its path without `.md`.
    private var pageNames: [String] {
        published.values.filter(\.hasPage).map(Self.name).sorted()
    }

    static func name(of item: ContentItem) -> String {
        item.bundleDirectory ?? Paths.deletingExtension(item.id)
    }

    private func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        Suggestion.didYouMean(name, in: candidates)
    }
}
