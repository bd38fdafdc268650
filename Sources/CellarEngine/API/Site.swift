import CellarDiagnostics
import CellarFiles
import Foundation

/// A Cellar site — a folder with `content/` and `themes/` — and the Swift kinds it registers:
/// the entry point for building a site from Swift.
///
/// ```swift
/// var site = Site(at: "mysite")
/// site.register(kind: Review.self, cell: ReviewCell())   // Swift draws reviews…
/// site.register(kind: Release.self)                      // …the theme's Mustache cell draws releases
/// do {
///     let report = try await site.build()
///     print("\(report.pages) pages in \(report.output)")
/// } catch {
///     print(error)   // content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found "ten"
/// }
/// ```
///
/// A Swift kind with the name of a theme kind replaces it (its schema and, when it has one, its
/// cell); any other is a kind of the site. Kinds without a Swift cell are drawn by the theme's
/// `cells/<kind>.html`, so Swift and Mustache cells share every page.
public struct Site: Sendable {
    /// The site folder: the one holding `content/` and `themes/`.
    public var directory: String
    /// Whether items marked `draft: true` are built.
    public var includeDrafts = false
    /// Whether items dated in the future are built.
    public var includeFuture = false
    /// Replaces the `base_url` of the site settings (for a staging host, say).
    public var baseURL: String?
    /// The Swift kinds registered so far.
    package var kinds = KindRegistrations()

    /// The site in `directory` (relative paths are relative to the working folder). Reads nothing
    /// until it builds or checks.
    public init(at directory: String) {
        self.directory = Paths.absolute(directory, base: FileManager.default.currentDirectoryPath)
    }

    /// Registers a Swift kind drawn by the theme's cell of its name (`cells/<name>.html`).
    /// - Parameters:
    ///   - kind: the ``Kind`` type; its ``Kind/name`` is what front matter and sections call it.
    ///   - file: where problems with the kind's declaration are reported; leave the default.
    ///   - line: as for `file`.
    public mutating func register<Fields: Kind>(kind: Fields.Type, file: String = #filePath, line: Int = #line) {
        kinds.add(.init(type: kind, location: KindRegistrations.location(file: file, line: line)))
    }

    /// Registers a Swift kind drawn by a Swift cell, wherever its items are listed.
    /// - Parameters:
    ///   - kind: the ``Kind`` type; its ``Kind/name`` is what front matter and sections call it.
    ///   - cell: draws the kind's items in lists, instead of the theme's `cells/<name>.html`.
    ///   - file: where problems with the kind's declaration are reported; leave the default.
    ///   - line: as for `file`.
    public mutating func register<Cell: CellTemplate>(
        kind: Cell.Fields.Type, cell: Cell, file: String = #filePath, line: Int = #line
    ) {
        kinds.add(.init(type: kind, cell: cell, location: KindRegistrations.location(file: file, line: line)))
    }

    /// Registers a Swift kind drawn by a Swift cell in lists and a Swift page template on its own pages.
    /// - Parameters:
    ///   - kind: the ``Kind`` type; its ``Kind/name`` is what front matter and sections call it.
    ///   - cell: draws the kind's items in lists.
    ///   - page: draws the lead of each item's page, inside the theme's `layouts/item.html`.
    ///   - file: where problems with the kind's declaration are reported; leave the default.
    ///   - line: as for `file`.
    public mutating func register<Cell: CellTemplate, Page: PageTemplate>(
        kind: Cell.Fields.Type, cell: Cell, page: Page, file: String = #filePath, line: Int = #line
    ) where Page.Fields == Cell.Fields {
        kinds.add(.init(type: kind, cell: cell, page: page, location: KindRegistrations.location(file: file, line: line)))
    }

    /// Registers a Swift kind drawn by the theme's cell in lists and a Swift page template on its own pages.
    /// - Parameters:
    ///   - kind: the ``Kind`` type; its ``Kind/name`` is what front matter and sections call it.
    ///   - page: draws the lead of each item's page, inside the theme's `layouts/item.html`.
    ///   - file: where problems with the kind's declaration are reported; leave the default.
    ///   - line: as for `file`.
    public mutating func register<Page: PageTemplate>(
        kind: Page.Fields.Type, page: Page, file: String = #filePath, line: Int = #line
    ) {
        kinds.add(.init(type: kind, page: page, location: KindRegistrations.location(file: file, line: line)))
    }

    /// Renders the site and writes it, replacing the previous output in one step.
    /// - Parameter output: the output folder; default: `public` in the site folder.
    /// - Returns: what was built, with any warnings.
    /// - Throws: ``BuildFailure`` with every problem when any is an error; the output is then as it was.
    @discardableResult
    public func build(into output: String? = nil) async throws(BuildFailure) -> BuildReport {
        var options = self.options
        options.outputDirectory = output.map { Paths.absolute($0, base: FileManager.default.currentDirectoryPath) }
        return try await SiteBuilder(options: options).build()
    }

    /// Checks the site without writing it: everything a build checks, and what only a finished
    /// site shows (links between pages and to anchors, images, alt text, tags that look like typos).
    public func check() async -> CheckReport {
        await SiteChecker(options: options).check()
    }

    /// The build options this site stands for.
    package var options: BuildOptions {
        var options = BuildOptions(siteDirectory: directory, includeDrafts: includeDrafts, includeFuture: includeFuture,
                                   baseURL: baseURL)
        options.kinds = kinds
        return options
    }
}
