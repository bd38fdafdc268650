import CellarFiles
import CellarOutput

extension SiteLayout {
    /// The folders of the site `options` builds, paths resolved against `workingDirectory` (the current folder by default).
    package init(options: BuildOptions, workingDirectory: String? = nil) {
        let workingDirectory = workingDirectory ?? FileIO.currentDirectory()
        let root = Paths.absolute(options.siteDirectory, base: workingDirectory)
        let displayPrefix: String
        if let relative = Paths.relative(root, to: workingDirectory) {
            displayPrefix = relative.isEmpty ? "" : relative + "/"
        } else {
            displayPrefix = root + "/"
        }
        self.init(root: root, content: Paths.join(root, "content"), themes: Paths.join(root, "themes"),
                  output: options.outputDirectory.map { Paths.absolute($0, base: workingDirectory) } ?? Paths.join(root, "public"),
                  cache: options.cacheDirectory.map { Paths.absolute($0, base: workingDirectory) } ?? Paths.join(root, ".cellar-cache"),
                  displayPrefix: displayPrefix)
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
}
