import CellarAuthoring
import CellarEngine

/// The source's main menu as the new site's `menu:`: a link to an imported page or section is
/// written as that page or section (so the menu marks the page a reader is on, and follows the
/// page when its address changes), any other link as its address; each place once, at its first
/// entry — Hugo lists a page both in the configuration's `menu.main` and in the page's own `menu:`.
struct ImportedMenu {
    enum Target: Hashable {
        case page(String)
        case section(String)
        case url(String)
    }

    struct Entry: Hashable {
        var label: String
        var target: Target
    }

    var entries: [Entry] = []

    /// - Parameters:
    ///   - links: the source's menu.
    ///   - items: the imported items (their source documents, old and new addresses).
    ///   - sections: the new site's sections.
    init(links: [MenuLink], items: [PlannedItem], sections: [PlannedSection]) {
        var seen: Set<Target> = []
        // As Hugo orders a menu: entries with a weight by weight, then those without (weight 0),
        // each group in the order written.
        let ordered = links.enumerated().sorted { a, b in
            (a.element.weight == 0 ? 1 : 0, a.element.weight, a.offset) < (b.element.weight == 0 ? 1 : 0, b.element.weight, b.offset)
        }.map(\.element)
        for link in ordered {
            guard let target = Self.target(of: link, items: items, sections: sections), seen.insert(target).inserted else { continue }
            entries.append(Entry(label: link.label, target: target))
        }
    }

    /// The lines of `menu:` in the site settings (none for an empty menu).
    var lines: [String] {
        guard !entries.isEmpty else { return [] }
        return ["# The source's main menu: the whole navigation (sections it does not name are not in it)."] + ["menu:"]
            + entries.map { entry in
                let (key, value) = switch entry.target {
                case .page(let name): ("page", YAMLText.scalar(name))
                case .section(let folder): ("section", YAMLText.scalar(folder))
                case .url(let address): ("url", YAMLText.quoted(address))
                }
                return "  - {\(key): \(value), label: \(YAMLText.quoted(entry.label))}"
            }
    }

    // MARK: - Private

    private static func target(of link: MenuLink, items: [PlannedItem], sections: [PlannedSection]) -> Target? {
        if let document = link.document {
            return items.first { $0.document.path == document }.map { .page(pageName($0.target)) }
        }
        guard let url = link.url else { return nil }
        if let item = items.first(where: { $0.oldURL.map(folderForm) == folderForm(url) }) { return .page(pageName(item.target)) }
        if let section = sections.first(where: { !$0.folder.isEmpty && "/" + $0.folder + "/" == folderForm(url) }) {
            return .section(section.folder)
        }
        return .url(url)
    }

    /// How Cellar's menu names a page: its file under `content/` without `.md` (`about`, `posts/x`),
    /// a bundle by its folder.
    private static func pageName(_ target: String) -> String {
        var name = target
        if name.hasSuffix("/index.md") { name.removeLast("/index.md".count) } else if name.hasSuffix(".md") { name.removeLast(3) }
        return name
    }

    /// `/about`, `/about/` and `about/` alike, for comparing addresses.
    private static func folderForm(_ url: String) -> String {
        guard !url.contains("://"), !url.hasPrefix("mailto:") else { return url }
        var path = url.hasPrefix("/") ? url : "/" + url
        if !path.hasSuffix("/"), !(path.split(separator: "/").last?.contains(".") ?? false) { path += "/" }
        return path
    }
}
