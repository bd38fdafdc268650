import CellarDiagnostics
import CellarTree

/// Reads `menu:` from the site settings: a list whose entries are a name under `content/`
/// (`blog`, `about`), a link (`https://…`), or a mapping with one of `section`, `page`, `url` and
/// an optional `label`.
struct MenuParser {
    static let keys = ["section", "page", "url", "label"]

    func parse(_ node: LocatedNode, diagnostics: inout DiagnosticBag) -> [MenuEntry] {
        guard let items = node.items else {
            if node.isNull { return [] }
            diagnostics.error("'menu' must be a list of sections, pages and links, found \(node.shortDescription)",
                              at: node.location, hint: Self.example)
            return []
        }
        return items.compactMap { entry($0, diagnostics: &diagnostics) }
    }

    static let example = "for example:\nmenu:\n  - blog\n  - about\n  - {url: \"https://github.com/you\", label: GitHub}"

    // MARK: - Private

    private func entry(_ node: LocatedNode, diagnostics: inout DiagnosticBag) -> MenuEntry? {
        if let text = node.scalar, !node.isNull {
            return MenuEntry(target: Self.isLink(text) ? .link(text) : .content(Self.contentName(text)), label: nil,
                             location: node.location)
        }
        guard let pairs = node.pairs else {
            diagnostics.error("a menu entry must be a name, a link or a mapping such as {page: about, label: About}, found \(node.shortDescription)",
                              at: node.location)
            return nil
        }
        var target: (MenuEntry.Target, SourceLocation)?
        var label: String?
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            guard Self.keys.contains(key) else {
                diagnostics.error(
                    "unknown key '\(key)' in a menu entry" + Suggestion.didYouMean(key, in: Self.keys),
                    at: pair.key.location, hint: "a menu entry has one of section, page or url, and may have a label")
                continue
            }
            guard let value = pair.value.scalar, !pair.value.isNull, !value.isEmpty else {
                diagnostics.error("'\(key)' in a menu entry must be text, found \(pair.value.shortDescription)", at: pair.value.location)
                continue
            }
            if key == "label" {
                label = value
                continue
            }
            if target != nil {
                diagnostics.error("a menu entry leads to one place: it has both \(key) and another target", at: pair.key.location,
                                  hint: "make two entries")
                continue
            }
            switch key {
            case "section": target = (.section(Self.contentName(value)), pair.value.location)
            case "page": target = (.page(Self.contentName(value)), pair.value.location)
            default:
                guard Self.isLink(value) || value.hasPrefix("/") else {
                    diagnostics.error("'url' must be an address such as https://example.org/ or a path such as /tags/, found \"\(value)\"",
                                      at: pair.value.location, hint: "for a section or a page of this site, write section: or page:")
                    continue
                }
                target = (.link(value), pair.value.location)
            }
        }
        guard let (found, location) = target else {
            if pairs.contains(where: { Self.keys.dropLast().contains($0.key.scalar ?? "") }) { return nil }
            diagnostics.error("a menu entry needs a section, a page or a url", at: node.location,
                              hint: "for example: {page: about, label: About me}")
            return nil
        }
        return MenuEntry(target: found, label: label, location: location)
    }

    /// An address that leaves the site.
    static func isLink(_ text: String) -> Bool {
        ["http://", "https://", "mailto:"].contains { text.lowercased().hasPrefix($0) }
    }

    /// `/about.md`, `about/`, `docs/index.md` → `about`, `about`, `docs`.
    static func contentName(_ text: String) -> String {
        var name = text.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix("/") { name.removeFirst() }
        while name.hasSuffix("/") { name.removeLast() }
        if name.hasPrefix("content/") { name.removeFirst("content/".count) }
        if name.hasSuffix(".md") { name.removeLast(3) }
        if name == "index" || name.hasSuffix("/index") { name = String(name.dropLast(name == "index" ? 5 : 6)) }
        return name
    }
}
