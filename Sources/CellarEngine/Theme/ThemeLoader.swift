import CellarDiagnostics
import CellarFiles
import CellarMustache
import CellarOutput

/// Loads `themes/<name>/`, with the files the site overrides from its own folders (``ThemeFiles``):
/// kinds, cells, item pages, layouts and assets, reporting every problem.
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
            diagnostics.error("theme '\(name)' not found at \(display)/", at: location, hint: availableThemes())
            return nil
        }
        // Every file first: nothing is read through a symlink that leaves the theme (or, for the
        // site's overriding folders, the site) or loops.
        let errorsBefore = diagnostics.errorCount
        let (files, fingerprint) = ThemeFileScanner(layout: layout).scan(theme: directory, display: display, diagnostics: &diagnostics)
        let paths = files.paths
        let assets = paths.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) }
        let templateFiles = paths.filter { $0.hasSuffix(".html") && !$0.hasPrefix("assets/") }
        if diagnostics.errorCount > errorsBefore { return nil }
        var kinds = KindLoader(files: files).load(diagnostics: &diagnostics, swiftKinds: swiftKinds.names)
        for (name, var definition) in swiftKinds.definitions(diagnostics: &diagnostics) {
            definition.replaces = kinds.definitions[name]?.file
            kinds.definitions[name] = definition
        }
        // A Swift kind whose declaration failed is the kind meant, not the theme's of that name.
        for name in swiftKinds.names where !kinds.definitions.keys.contains(name) || kinds.definitions[name]?.swiftType == nil {
            kinds.definitions[name] = nil
            kinds.unusable.insert(name)
        }
        let kindsByName = kinds.definitions
        let library = MustacheLibrary(loader: ThemeTemplateLoader(files: files))

        func compile(_ templateName: String) -> MustacheTemplate? {
            do throws(MustacheError) { return try library.template(named: templateName) } catch {
                diagnostics.append(error.diagnostic)
                return nil
            }
        }
        var cells: [String: MustacheTemplate] = [:]
        var itemPages: [String: MustacheTemplate] = [:]
        var swiftPages: [String: Theme.SwiftPage] = [:]
        for kind in kindsByName.keys.sorted() {
            let cellPath = "cells/\(kind).html"
            let registration = swiftKinds[kind]
            if registration?.cell != nil {
                // Drawn by its Swift cell: the theme's cell of that name is not used.
            } else if files[cellPath] != nil {
                if let template = compile("cells/" + kind) { cells[kind] = template }
            } else if let registration {
                diagnostics.error(
                    "Swift kind '\(kind)' has no cell: the theme has no \(display)/\(cellPath)",
                    at: kindsByName[kind]?.location ?? SourceLocation(file: display),
                    hint: "register a cell with it: site.register(kind: \(KindNaming.typeName(registration.type)).self, cell: …), or create \(display)/\(cellPath)"
                )
            } else {
                diagnostics.error(
                    "kind '\(kind)' has no cell template; expected \(display)/\(cellPath)",
                    at: SourceLocation(file: kindsByName[kind]?.file ?? display),
                    hint: "every kind needs a cell: create \(display)/\(cellPath)"
                )
            }
            if let page = registration?.page {
                if let template = swiftPageTemplate(kind, files: files, at: kindsByName[kind]?.location, diagnostics: &diagnostics) {
                    swiftPages[kind] = Theme.SwiftPage(page: page, template: template)
                }
            } else if files["pages/\(kind).html"] != nil, let template = compile("pages/" + kind) {
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
        let text = ThemeTextLoader(files: files, display: files.display(of: "i18n")).load(diagnostics: &diagnostics)
        let shortcodes = ShortcodeLoader(files: files, library: library, templateFiles: templateFiles)
            .load(diagnostics: &diagnostics)
        guard !missing else { return nil }
        let declaredShortcodes = files.entries(in: "shortcodes").map { Paths.deletingExtension($0.name) }

        return Theme(
            name: name, directory: directory, display: display, files: files, kinds: kindsByName, unusableKinds: kinds.unusable,
            library: library, cells: cells, itemPages: itemPages, layouts: layouts, text: text, shortcodes: shortcodes,
            unusableShortcodes: Set(declaredShortcodes).subtracting(shortcodes.keys),
            templateFiles: templateFiles, assets: assets, fingerprint: fingerprint, swiftPages: swiftPages
        )
    }

    /// The hint for a theme that is not there: the themes the site has, else how to get one — or
    /// why `themes/` cannot be listed.
    private func availableThemes() -> String {
        let themes = layout.display(sitePath: "themes")
        do throws(FileIOError) {
            let available = try FileIO.list(layout.themes).map(\.name).filter { !$0.hasPrefix(".") }
            if !available.isEmpty { return "themes here: " + available.joined(separator: ", ") }
        } catch where !error.isMissing {
            return "\(themes)/ cannot be listed (\(error.reason)): it must be a readable folder holding the site's themes"
        } catch {}
        return "create a site with 'cellar new site DIR' to get the default theme"
    }

    /// The template of a kind's item pages drawn in Swift: the theme's `layouts/item.html` with its
    /// `lead` block filled by the Swift page — what a theme's `pages/<kind>.html` does in Mustache.
    private func swiftPageTemplate(_ kind: String, files: ThemeFiles, at location: SourceLocation?,
                                   diagnostics: inout DiagnosticBag) -> MustacheTemplate? {
        if let itemLayout = files["layouts/item.html"] {
            do throws(FileIOError) {
                if !String(decoding: try FileIO.read(itemLayout.path), as: UTF8.self).contains("{{$lead}}") {
                    diagnostics.warning(
                        "the Swift page of kind '\(kind)' draws the 'lead' block of \(itemLayout.display), which has none",
                        at: location, hint: "add {{$lead}}{{/lead}} where the kind's own part of the page goes")
                }
            } catch {
                diagnostics.error("cannot read \(itemLayout.display), the item layout the Swift page of kind '\(kind)' draws in: \(error.reason)",
                                  at: SourceLocation(file: itemLayout.display), hint: "make the file readable")
            }
        }
        do throws(MustacheError) {
            return try MustacheTemplate(source: "{{<item}}{{$lead}}{{{\(Theme.SwiftPage.variable)}}}{{/lead}}{{/item}}",
                                        name: "pages/\(kind) (Swift)")
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
    }
}
