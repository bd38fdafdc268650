import CellarFiles
/// The files of the theme a site is drawn with, each read from the site's own folder when the site
/// has a file of that name, else from the theme: a site overrides any theme file by putting its own
/// copy at the same path under its root — `layouts/item.html` before `themes/default/layouts/item.html`
/// (Hugo's lookup). The theme itself stays as it came, so upgrading it is a copy, not a merge.
package struct ThemeFiles: Sendable {
    /// The folders a site may override theme files from, at its root.
    static let overridingFolders = ["layouts", "cells", "pages", "partials", "kinds", "shortcodes", "assets", "i18n"]

    /// One file, where it is read from.
    package struct File: Sendable, Hashable {
        /// Absolute path.
        package var path: String
        /// As messages show it: `layouts/item.html`, or `themes/default/layouts/item.html`.
        package var display: String
        /// Whether the site's own folder has it (a file of the theme's is then hidden, or the site adds one).
        package var isSite: Bool
        /// The theme's file of the same name the site's hides, as shown; nil when nothing is hidden.
        package var hides: String?
    }

    /// Relative path (`cells/book.html`) → the file that is used.
    private var files: [String: File]
    /// The site's overriding folders that exist, by name (`layouts`), as absolute paths.
    package private(set) var siteFolders: [String: String]
    /// The theme folder and the site folder, as shown: `themes/default`, `` (or `mysite`).
    private var themeDisplay: String
    private var siteDisplay: String

    init(files: [String: File], siteFolders: [String: String], themeDisplay: String, siteDisplay: String) {
        self.files = files
        self.siteFolders = siteFolders
        self.themeDisplay = themeDisplay
        self.siteDisplay = siteDisplay
    }

    /// The file used for `path` (relative: `cells/book.html`), if there is one.
    package subscript(path: String) -> File? { files[path] }

    /// Every relative path, sorted.
    package var paths: [String] { files.keys.sorted() }

    /// The files the site's folders override or add, by relative path, sorted.
    package var siteFiles: [(path: String, file: File)] {
        files.filter(\.value.isSite).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The files directly in `folder` (`kinds`), by name, sorted.
    func entries(in folder: String) -> [(name: String, file: File)] {
        let prefix = folder + "/"
        return files.compactMap { path, file -> (String, File)? in
            guard path.hasPrefix(prefix), case let name = String(path.dropFirst(prefix.count)), !name.contains("/") else { return nil }
            return (name, file)
        }.sorted { $0.0 < $1.0 }
    }

    /// Whether the theme or the site has a folder `folder` with any file in it.
    func hasFolder(_ folder: String) -> Bool {
        siteFolders[folder] != nil || files.keys.contains { $0.hasPrefix(folder + "/") }
    }

    /// How a file that may not exist is shown: the one used, else the theme's place for it.
    func display(of path: String) -> String {
        files[path]?.display ?? Paths.join(themeDisplay, path)
    }

    /// Where a file is looked for, as shown, in order: the site's folder (when it exists), then the theme's.
    func candidates(for path: String) -> [String] {
        let folder = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        let theme = Paths.join(themeDisplay, path)
        guard siteFolders[folder] != nil else { return [theme] }
        return [siteDisplay + path, theme]
    }
}
