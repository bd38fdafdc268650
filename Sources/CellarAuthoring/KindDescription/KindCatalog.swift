import CellarEngine
import CellarDiagnostics
import CellarOutput

/// The kinds of a site's theme, described for people (`cellar kinds`) and editors (JSON Schemas).
///
/// ```swift
/// let catalog = try KindCatalog.load(options: BuildOptions(siteDirectory: "mysite"))
/// for kind in catalog.kinds { print(kind.name, kind.fields.map(\.name)) }
/// ```
package struct KindCatalog: Sendable {
    /// One kind: its name, label, description and own fields in schema order.
    package struct Entry: Sendable {
        package var kind: KindDefinition
        /// The sections whose `kind:` names it (`reviews`), sorted.
        package var sections: [String] = []
        package var name: String { kind.name }
        package var label: String { kind.label }
        package var description: String? { kind.description }
        package var hasPage: Bool { kind.hasPage }
        /// The Swift type that declares the kind (`Review`), when it is a Swift kind.
        package var swiftType: String? { kind.swiftType?.name }
        /// Where a Swift kind is registered (`Sources/Site/main.swift:12`).
        package var registration: String? { kind.swiftType == nil ? nil : kind.location.description }
        /// The theme's schema file a Swift kind of the same name replaces.
        package var replaces: String? { kind.replaces }
        /// The kind's own fields.
        package var fields: [FieldSummary] { kind.fields.fields.map(FieldSummary.init) }
        /// The template that draws its cells (nil: a Swift cell, or none), and the one that draws its
        /// pages (`pages/<kind>.html`, else `layouts/item.html`; nil when it has none or draws them in Swift).
        package var cell: ThemeFiles.File?
        package var page: ThemeFiles.File?
    }

    /// Every kind, sorted by name.
    package var kinds: [Entry]
    /// The fields every kind has (`title`, `date`, `tags`…).
    package var commonFields: [FieldSummary]
    /// The files of the site's own folders that take the place of the theme's or add to it, by path.
    package var siteFiles: [(path: String, file: ThemeFiles.File)] = []

    /// - Parameter sections: section folder → the kind its `_index.md` names.
    package init(kinds: [KindDefinition], sections: [String: String] = [:]) {
        self.kinds = kinds.sorted { $0.name < $1.name }.map { kind in
            Entry(kind: kind, sections: sections.filter { $0.value == kind.name }.map(\.key).sorted())
        }
        self.commonFields = BuiltinSchemas.common.fields.map(FieldSummary.init)
    }

    /// The kinds of `theme`, with the file that draws each and what the site overrides.
    init(theme: Theme, sections: [String: String]) {
        self.init(kinds: Array(theme.kinds.values), sections: sections)
        for index in kinds.indices {
            let name = kinds[index].name
            if theme.cells[name] != nil { kinds[index].cell = theme.files["cells/\(name).html"] }
            if kinds[index].hasPage, theme.swiftPages[name] == nil {
                kinds[index].page = theme.files["pages/\(name).html"] ?? theme.files["layouts/item.html"]
            }
        }
        siteFiles = theme.files.siteFiles
    }

    /// Loads the kinds of the site's theme (the site settings name the theme).
    /// - Throws: the diagnostics that kept the theme from loading.
    package static func load(options: BuildOptions) throws(DiagnosticBag) -> KindCatalog {
        var diagnostics = DiagnosticBag()
        guard let site = SiteLoader(layout: SiteLayout(options: options), options: options).load(diagnostics: &diagnostics),
              !site.theme.kinds.isEmpty else {
            throw diagnostics
        }
        return KindCatalog(theme: site.theme, sections: site.sections.compactMapValues(\.kind))
    }

    package subscript(name: String) -> Entry? {
        kinds.first { $0.name == name }
    }
}
