import CellarDiagnostics
import CellarMustache
import IgnoredFileNames

/// Loads `themes/<name>/`: kinds, cells, item pages, layouts and assets, reporting every problem.
struct ThemeLoader {
    var layout: SiteLayout
    /// The Swift kinds the site registers: they add to the theme's kinds or replace them, and
    /// those with Swift cells or pages need no template for them.
    var swiftKinds = KindRegistrations()

    func load(named name: String, at location: SourceLocation?, diagnostics: inout DiagnosticBag) -> Theme? {
        guard DirectoryLoader.isValidName(name), !name.contains("/") else {
            diagnostics.error("'theme' must be the name of a folder under themes/, found \"\(name)\"", at: location)
            return nil
        }
        let directory = Paths.join(layout.themes, name)
        let display = layout.display(sitePath: "themes/" + name)
        guard FileIO.isDirectory(directory) else {
            let available = ((try? FileIO.list(layout.themes)) ?? []).map(\.name).filter { !$0.hasPrefix(".") }
            diagnostics.error("theme '\(name)' not found at \(display)/", at: location,
                              hint: available.isEmpty ? "create a site with 'cellar new site DIR' to get the default theme"
                                : "themes here: " + available.joined(separator: ", "))
            return nil
        }
        // Every file first: nothing is read through a symlink that leaves the theme or loops.
        let errorsBefore = diagnostics.errorCount
        let (files, fingerprint) = scanFiles(directory, display: display, diagnostics: &diagnostics)
        let assets = files.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) }
        let templateFiles = files.filter { $0.hasSuffix(".html") && !$0.hasPrefix("assets/") }.sorted()
        if diagnostics.errorCount > errorsBefore { return nil }
        var kinds = KindLoader(directory: directory + "/kinds", displayDirectory: display + "/kinds")
            .load(diagnostics: &diagnostics, swiftKinds: swiftKinds.names)
        for (name, var definition) in swiftKinds.definitions(diagnostics: &diagnostics) {
            definition.replaces = kinds[name]?.file
            kinds[name] = definition
        }
        let library = MustacheLibrary(loader: ThemeTemplateLoader(
            directory: directory, display: display, realDirectory: FileIO.realPath(directory)))

        func compile(_ templateName: String) -> MustacheTemplate? {
            do throws(MustacheError) { return try library.template(named: templateName) } catch {
                diagnostics.append(error.diagnostic)
                return nil
            }
        }
        var cells: [String: MustacheTemplate] = [:]
        var itemPages: [String: MustacheTemplate] = [:]
        var swiftPages: [String: Theme.SwiftPage] = [:]
        for kind in kinds.keys.sorted() {
            let cellPath = "cells/\(kind).html"
            let registration = swiftKinds[kind]
            if registration?.cell != nil {
                // Drawn by its Swift cell: the theme's cell of that name is not used.
            } else if FileIO.exists(Paths.join(directory, cellPath)) {
                if let template = compile("cells/" + kind) { cells[kind] = template }
            } else if let registration {
                diagnostics.error(
                    "Swift kind '\(kind)' has no cell: the theme has no \(display)/\(cellPath)",
                    at: kinds[kind]?.location ?? SourceLocation(file: display),
                    hint: "register a cell with it: site.register(kind: \(KindNaming.typeName(registration.type)).self, cell: …), or create \(display)/\(cellPath)"
                )
            } else {
                diagnostics.error(
                    "kind '\(kind)' has no cell template; expected \(display)/\(cellPath)",
                    at: SourceLocation(file: kinds[kind]?.file ?? display),
                    hint: "every kind needs a cell: create \(display)/\(cellPath)"
                )
            }
            if let page = registration?.page {
                if let template = swiftPageTemplate(kind, display: display, at: kinds[kind]?.location, diagnostics: &diagnostics) {
                    swiftPages[kind] = Theme.SwiftPage(page: page, template: template)
                }
            } else if FileIO.exists(Paths.join(directory, "pages/\(kind).html")), let template = compile("pages/" + kind) {
                itemPages[kind] = template
            }
        }
        var layouts: [String: MustacheTemplate] = [:]
        for file in templateFiles where file.hasPrefix("layouts/") && !file.dropFirst(8).contains("/") {
            let layoutName = String(Paths.deletingExtension(file).dropFirst("layouts/".count))
            if let template = compile("layouts/" + layoutName) { layouts[layoutName] = template }
        }
        var missing = false
        for layoutName in Theme.requiredLayouts where !templateFiles.contains("layouts/\(layoutName).html") {
            let path = "layouts/\(layoutName).html"
            diagnostics.error("the theme has no \(path)", at: SourceLocation(file: display + "/" + path),
                              hint: "every theme provides layouts/" + Theme.requiredLayouts.joined(separator: ".html, ") + ".html")
            missing = true
        }
        // Partials are compiled too, so a mistake in one nobody includes yet is found now (when the
        // templates that include partials compiled: else the same mistake would be reported twice).
        if diagnostics.errorCount == errorsBefore {
            for file in templateFiles where file.hasPrefix("partials/") { _ = compile(Paths.deletingExtension(file)) }
        }
        let text = ThemeTextLoader(directory: directory + "/i18n", display: display + "/i18n").load(diagnostics: &diagnostics)
        let shortcodes = ShortcodeLoader(directory: directory, display: display, library: library, templateFiles: templateFiles)
            .load(diagnostics: &diagnostics)
        guard !missing, Theme.requiredLayouts.allSatisfy({ layouts[$0] != nil }) else { return nil }

        return Theme(
            name: name, directory: directory, display: display, kinds: kinds, library: library, cells: cells,
            itemPages: itemPages, layouts: layouts, text: text, shortcodes: shortcodes, templateFiles: templateFiles,
            assets: assets, fingerprint: fingerprint, swiftPages: swiftPages
        )
    }

    /// The template of a kind's item pages drawn in Swift: the theme's `layouts/item.html` with its
    /// `lead` block filled by the Swift page — what a theme's `pages/<kind>.html` does in Mustache.
    private func swiftPageTemplate(_ kind: String, display: String, at location: SourceLocation?,
                                   diagnostics: inout DiagnosticBag) -> MustacheTemplate? {
        let itemLayout = Paths.join(layout.themes, display.split(separator: "/").last.map(String.init) ?? "", "layouts/item.html")
        if let source = try? FileIO.read(itemLayout), !String(decoding: source, as: UTF8.self).contains("{{$lead}}") {
            diagnostics.warning(
                "the Swift page of kind '\(kind)' draws the 'lead' block of \(display)/layouts/item.html, which has none",
                at: location, hint: "add {{$lead}}{{/lead}} where the kind's own part of the page goes")
        }
        do throws(MustacheError) {
            return try MustacheTemplate(source: "{{<item}}{{$lead}}{{{\(Theme.SwiftPage.variable)}}}{{/lead}}{{/item}}",
                                        name: "pages/\(kind) (Swift)")
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
    }

    /// Deepest folder nesting followed inside a theme.
    static let maxDepth = 16

    /// The theme's files (relative to it) and a hash of the theme's file names and of the
    /// contents of every file but the assets (kinds and templates: what typing and rendering depend on). Assets are copied, never read into pages,
    /// and the output writer notices their changes itself: a stylesheet edit under `cellar serve`
    /// must not re-render the site. Symlinks
    /// may point anywhere inside the theme; those that leave it, break or loop are reported and not followed.
    private func scanFiles(_ directory: String, display: String,
                           diagnostics: inout DiagnosticBag) -> ([String], UInt64) {
        var hash = StableHash()
        var files: [String] = []
        let root = FileIO.realPath(directory) ?? directory
        var visited: Set<String> = [root]
        func walk(_ relative: String, depth: Int) {
            guard let entries = try? FileIO.list(Paths.join(directory, relative)) else { return }
            for entry in entries where !IgnoredFileNames.contains(entry.name) {
                let path = Paths.join(relative, entry.name)
                let absolute = Paths.join(directory, path)
                let shown = Paths.join(display, path)
                if (entry.kind ?? FileIO.status(absolute)?.kind) == .symlink {
                    guard let real = FileIO.realPath(absolute) else {
                        diagnostics.error("the symlink \(shown) is broken or loops", at: SourceLocation(file: shown),
                                          hint: "fix or remove the link")
                        continue
                    }
                    guard Paths.relative(real, to: root) != nil else {
                        diagnostics.error("the symlink \(shown) leads outside the theme, to \(real)",
                                          at: SourceLocation(file: shown),
                                          hint: "copy the file into the theme instead of linking to it")
                        continue
                    }
                }
                guard let status = FileIO.status(absolute, followLinks: true) else { continue }
                if status.kind == .directory {
                    guard depth < Self.maxDepth else {
                        diagnostics.error("folders nest deeper than \(Self.maxDepth) levels at \(shown)",
                                          at: SourceLocation(file: shown))
                        continue
                    }
                    guard visited.insert(FileIO.realPath(absolute) ?? absolute).inserted else {
                        diagnostics.error("the folder \(shown) is reached twice (a symlink loop?)",
                                          at: SourceLocation(file: shown))
                        continue
                    }
                    walk(path, depth: depth + 1)
                } else if status.kind == .file {
                    hash.combine(path)   // which files exist, assets too (they claim URLs)
                    files.append(path)
                    if !path.hasPrefix("assets/") {
                        if let bytes = try? FileIO.read(absolute) { bytes.withUnsafeBytes { hash.combine($0) } }
                    }
                }
            }
        }
        walk("", depth: 0)
        return (files, hash.value)
    }
}
