import CellarFiles
/// The folders of a site, as absolute paths and as people see them in messages.
package struct SiteLayout: Sendable {
    package var root: String
    package var content: String
    package var themes: String
    package var output: String
    package var cache: String
    /// Prefix that turns a site-relative path into the one printed (`""` when the site is the working folder).
    package var displayPrefix: String

    package init(options: BuildOptions, workingDirectory: String? = nil) {
        let workingDirectory = workingDirectory ?? FileIO.currentDirectory()
        root = Paths.absolute(options.siteDirectory, base: workingDirectory)
        content = Paths.join(root, "content")
        themes = Paths.join(root, "themes")
        output = options.outputDirectory.map { Paths.absolute($0, base: workingDirectory) } ?? Paths.join(root, "public")
        cache = options.cacheDirectory.map { Paths.absolute($0, base: workingDirectory) } ?? Paths.join(root, ".cellar-cache")
        if let relative = Paths.relative(root, to: workingDirectory) {
            displayPrefix = relative.isEmpty ? "" : relative + "/"
        } else {
            displayPrefix = root + "/"
        }
    }

    /// The site's own folders that override the theme's files (`layouts/`, `cells/`, … see
    /// ``ThemeFiles``), as absolute paths, whether they exist or not.
    var themeOverrides: [String] {
        ThemeFiles.overridingFolders.map { Paths.join(root, $0) }
    }

    /// The folders a build reads from, those that exist: what the preview server watches.
    package var inputFolders: [String] {
        [content, themes] + themeOverrides.filter(FileIO.isDirectory)
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
    static func display(folder: String) -> String {
        if let relative = Paths.relative(folder, to: FileIO.currentDirectory()) { return relative.isEmpty ? "." : relative + "/" }
        return folder + "/"
    }
}
