import CellarDiagnostics
import CellarFiles

/// Checks a theme's templates against the site: every template against the values it will be
/// given (``TemplateChecker``), every layout a section names exists, and every template file is
/// used by something — a layout no page uses, or a cell or page of a kind that does not exist,
/// is a warning.
struct ThemeChecker {
    var theme: Theme
    var sections: [String: ContentSection]
    /// The Swift kinds the site registers: their templates are used even when a declaration
    /// failed (that failure is reported at the registration, not as unused templates).
    var swiftKinds: Set<String> = []

    func check(diagnostics: inout DiagnosticBag) {
        var checker = TemplateChecker(library: theme.library, texts: theme.text.english,
                                      textFile: theme.files.display(of: "i18n/en.yml"))
        let kinds = theme.kinds.values.sorted { $0.name < $1.name }
        for kind in kinds {
            if let cell = theme.cells[kind.name] { checker.check(cell, root: TemplateValues.cell(kind)) }
            if kind.hasPage, let page = theme.itemPages[kind.name] {
                checker.check(page, root: TemplateValues.layout(itemKinds: [kind], allKinds: kinds))
            }
        }
        // The generic item page draws every kind that has pages and no page of its own.
        let generic = kinds.filter { $0.hasPage && theme.itemPages[$0.name] == nil }
        if let item = theme.layouts["item"] {
            checker.check(item, root: TemplateValues.layout(itemKinds: generic, allKinds: kinds))
        }
        let listRoot = TemplateValues.layout(itemKinds: nil, allKinds: kinds)
        var listLayouts = Set(Theme.requiredLayouts).subtracting(["item"])
        // The search page's layout is optional: drawn when the theme has it (and search is not off).
        listLayouts.insert("search")
        for section in sections.values {
            if let name = section.layout { listLayouts.insert(name) }
        }
        for name in listLayouts.sorted() {
            if let layout = theme.layouts[name] { checker.check(layout, root: listRoot) }
        }
        for (_, shortcode) in theme.shortcodes.sorted(by: { $0.key < $1.key }) {
            checker.check(shortcode.template, root: TemplateValues.shortcode(shortcode))
        }
        diagnostics.append(contentsOf: checker.diagnostics)
        reportUnused(visited: checker.visited, diagnostics: &diagnostics)
    }

    /// Whether `layout` names a layout of the theme; the error says which exist.
    static func checkLayout(_ section: ContentSection, theme: Theme, diagnostics: inout DiagnosticBag) {
        guard let name = section.layout, theme.layouts[name] == nil else { return }
        let known = theme.layouts.keys.sorted()
        diagnostics.error(
            "layout '\(name)' not found: there is no \(theme.display)/layouts/\(name).html"
                + Suggestion.didYouMean(name, in: known),
            at: section.locations["layout"],
            hint: "create \(theme.display)/layouts/\(name).html, or name one of: " + known.joined(separator: ", "))
    }

    // MARK: - Private

    private func reportUnused(visited: Set<String>, diagnostics: inout DiagnosticBag) {
        let kindNames = theme.kinds.keys.sorted()
        for file in theme.templateFiles {
            let shown = theme.files.display(of: file)
            let name = Paths.deletingExtension(Paths.lastComponent(of: file))
            // A kind whose schema did not load is reported there.
            let declared = swiftKinds.contains(name) || theme.unusableKinds.contains(name)
                || ["yml", "yaml"].contains { theme.files["kinds/" + name + "." + $0] != nil }
            let folder = Paths.parent(of: file)
            let at = SourceLocation(file: shown)
            switch folder {
            // (A layout that did not compile is reported as such, not as unused.)
            case "layouts" where !visited.contains(shown) && (theme.layouts[name] != nil || file.dropFirst(8).contains("/")):
                let section = sections.values.first { Paths.lastComponent(of: $0.id) == name }
                diagnostics.warning(
                    "no page uses the layout '\(name)'", at: at,
                    hint: section.map { "to draw \($0.file.replacingOccurrences(of: "/_index.md", with: "/")) with it, add 'layout: \(name)' to \($0.file)" }
                        ?? "name it in a section's _index.md ('layout: \(name)'), or include it from another template")
            case "cells" where theme.kinds[name] == nil && !declared, "pages" where theme.kinds[name] == nil && !declared:
                diagnostics.warning(
                    "there is no kind '\(name)', so nothing uses this template"
                        + Suggestion.didYouMean(name, in: kindNames),
                    at: at, hint: "a kind is declared by \(theme.files.display(of: "kinds/\(name).yml"))")
            case "pages" where theme.kinds[name]?.hasPage == false:
                diagnostics.warning("kind '\(name)' has no pages (page: false in its schema), so nothing uses this template",
                                    at: at, hint: "set 'page: true' in \(theme.files.display(of: "kinds/\(name).yml")), or remove this file")
            default:
                break
            }
        }
    }
}
