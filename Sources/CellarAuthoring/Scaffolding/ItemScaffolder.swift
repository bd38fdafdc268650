import CellarEngine
import CellarDiagnostics
import CellarFiles
import CellarOutput
import Foundation

/// Writes a new content file for `cellar new <kind> <section>/<slug>`: front matter that lists the
/// kind's fields from its schema (see ``FrontMatterTemplate``), in a section that exists, never
/// over a file that does.
///
/// ```swift
/// let item = try ItemScaffolder(options: BuildOptions(siteDirectory: "mysite"))
///     .scaffold(kind: "review", at: "reviews/dune", title: "Dune")
/// print("Wrote \(item.display)")
/// ```
package struct ItemScaffolder: Sendable {
    /// The site (``BuildOptions/siteDirectory``) and "now" (``BuildOptions/now``) for `date:`.
    package var options: BuildOptions

    /// The file written.
    package struct Result: Sendable, Equatable {
        /// Absolute path.
        package var path: String
        /// As shown in messages: `content/reviews/dune.md`.
        package var display: String
        /// Whether the file holds `<placeholders>` to fill in.
        package var hasPlaceholders = false
    }

    package init(options: BuildOptions) {
        self.options = options
    }

    /// Writes `content/<section>/<slug>.md` for an item of `kind`.
    /// - Parameters:
    ///   - target: `<section>/<slug>` (a leading `content/` and a trailing `.md` are accepted);
    ///     a bare slug puts the item at the top of `content/`.
    ///   - title: the title; nil writes a placeholder.
    /// - Throws: every reason not to write: the site cannot be loaded, an unknown kind, a missing
    ///   section, an invalid slug, or a file already there.
    package func scaffold(kind name: String, at target: String, title: String?) throws(DiagnosticBag) -> Result {
        let layout = SiteLayout(options: options)
        var diagnostics = DiagnosticBag()
        guard let site = SiteLoader(layout: layout, options: options).load(diagnostics: &diagnostics) else {
            throw diagnostics
        }
        guard let kind = site.theme.kinds[name] else {
            throw DiagnosticBag([ItemParser.unknownKind(name, at: nil, known: site.theme.kinds.keys.sorted())])
        }
        var path = target
        if path.hasPrefix("content/") { path.removeFirst("content/".count) }
        while path.hasPrefix("/") { path.removeFirst() }
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".md") { path.removeLast(3) }
        let folder = Paths.parent(of: path)
        let slug = Paths.lastComponent(of: path)

        guard Slug.isValid(slug), slug != "_index", slug != "index" else {
            throw DiagnosticBag([.error("'\(slug)' is not a valid slug",
                                        hint: "use letters, digits and hyphens, for example: \(Slug.make(slug))")])
        }
        try checkFolder(folder, site: site)
        let file = Paths.join(folder, slug + ".md")
        let display = layout.display(contentPath: file)
        for existing in [file, Paths.join(folder, slug, "index.md")] where FileIO.exists(Paths.join(layout.content, existing)) {
            throw DiagnosticBag([.error("\(layout.display(contentPath: existing)) already exists",
                                        at: SourceLocation(file: layout.display(contentPath: existing)),
                                        hint: "choose another slug, or edit that file")])
        }

        let dates = DateFormatting(timeZone: site.config.timeZone, language: site.config.language)
        let template = FrontMatterTemplate(kind: kind, writesKind: defaultKind(of: folder, in: site) != kind.name,
                                           title: title, date: dates.iso(options.now))
        let absolute = Paths.join(layout.content, file)
        do throws(FileIOError) {
            try FileIO.makeDirectories(Paths.parent(of: absolute))
            try FileIO.write(template.text, to: absolute)
        } catch {
            throw DiagnosticBag([error.diagnostic])
        }
        return Result(path: absolute, display: display, hasPlaceholders: template.hasPlaceholders)
    }

    /// The folder must be a section, or a folder inside one (top of `content/` included).
    private func checkFolder(_ folder: String, site: LoadedSite) throws(DiagnosticBag) {
        if folder.isEmpty || site.sections[folder] != nil { return }
        let inside = ItemParser.section(of: folder, in: site.sections)
        if !inside.isEmpty, FileIO.isDirectory(Paths.join(site.layout.content, folder)),
           site.scan.bundleResources.keys.allSatisfy({ Paths.relative(folder, to: $0) == nil }) {
            return
        }
        let sections = site.sections.keys.filter { !$0.isEmpty }.sorted()
        let hint = Suggestion.closest(to: folder, in: sections).map { "did you mean '\($0)'?" }
            ?? (sections.isEmpty ? "create one: a section is a folder with an _index.md, such as content/posts/_index.md"
                : "sections: " + sections.joined(separator: ", ") + " (a section is a folder with an _index.md)")
        throw DiagnosticBag([.error("no section '\(folder)' in \(site.layout.display(sitePath: "content"))/", hint: hint)])
    }

    /// The kind an item in `folder` gets without a `kind:` line, as ``ItemParser`` decides it.
    private func defaultKind(of folder: String, in site: LoadedSite) -> String {
        DefaultKind.of(sectionID: ItemParser.section(of: folder, in: site.sections), sections: site.sections,
                       siteDefault: site.config.defaultKind, kinds: site.theme.kinds.keys)
    }
}
