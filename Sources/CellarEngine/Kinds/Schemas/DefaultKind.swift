/// The kind of an item whose front matter has no `kind:` line: for a standalone page (outside
/// every section) ``page`` when the theme has it; else the `kind:` of its nearest enclosing
/// section, else the site's `kind:` setting, else ``fallback``. The build (``ItemParser``) and
/// `cellar new <kind>` (``ItemScaffolder``) both decide it here.
package enum DefaultKind {
    /// The kind when nothing is configured: the default theme's blog post.
    static let fallback = "article"
    /// The kind of standalone pages, when the theme defines it.
    static let page = "page"

    /// The kind an item of section `sectionID` (`""`: outside every section) gets without a `kind:` line.
    package static func of(sectionID: String?, sections: [String: ContentSection], siteDefault: String?,
                   kinds: some Collection<String>) -> String {
        if sectionID?.isEmpty ?? true, kinds.contains(page) { return page }
        return configured(sectionID: sectionID, sections: sections, siteDefault: siteDefault) ?? fallback
    }

    /// The configured kind, when a section or the site names one (nil: the ``fallback`` applies).
    static func configured(sectionID: String?, sections: [String: ContentSection], siteDefault: String?) -> String? {
        var folder = sectionID
        while let current = folder, let section = sections[current] {
            if let name = section.kind { return name }
            folder = section.parentID
        }
        return siteDefault
    }
}
