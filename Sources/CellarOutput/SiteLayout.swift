import CellarFiles
/// The folders of a site, as absolute paths and as people see them in messages: where the output
/// transaction writes, and what it must never replace (see ``OutputPlacement``).
package struct SiteLayout: Sendable {
    package var root: String
    package var content: String
    package var themes: String
    package var output: String
    package var cache: String
    /// Prefix that turns a site-relative path into the one printed (`""` when the site is the working folder).
    package var displayPrefix: String

    package init(root: String, content: String, themes: String, output: String, cache: String, displayPrefix: String) {
        self.root = root
        self.content = content
        self.themes = themes
        self.output = output
        self.cache = cache
        self.displayPrefix = displayPrefix
    }

    /// `content/reviews/dune.md` (or `mysite/content/…` when the site is elsewhere).
    package func display(contentPath: String) -> String {
        displayPrefix + "content/" + contentPath
    }

    package func display(sitePath: String) -> String {
        displayPrefix + sitePath
    }

    /// The output folder as printed.
    package var displayOutput: String { Self.display(folder: output) }

    /// A folder as printed: relative to the current folder when inside it (`public/`, `.`), else whole.
    package static func display(folder: String) -> String {
        if let relative = Paths.relative(folder, to: FileIO.currentDirectory()) { return relative.isEmpty ? "." : relative + "/" }
        return folder + "/"
    }
}
