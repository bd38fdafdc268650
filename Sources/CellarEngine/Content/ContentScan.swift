import CellarFiles
/// What is under `content/`, sorted into site settings, sections, items, bundles and static files.
package struct ContentScan: Sendable {
    /// Folders with an `_index.md`, relative to `content/` (`""` is the top: the site settings).
    var sectionFolders: [String] = []
    var items: [ItemSource] = []
    /// Files copied to the same path in the output.
    var staticFiles: [String] = []
    /// For each bundle folder, the files beside its `index.md` (relative to `content/`).
    package var bundleResources: [String: [String]] = [:]
    /// Every file, for existence checks of references.
    var files = ContentFileSet()
}

/// One content file that becomes an item.
struct ItemSource: Sendable, Hashable {
    /// `reviews/dune.md`, or `reviews/dune/index.md` for a bundle.
    var contentPath: String
    /// `reviews/dune` when the item is a bundle.
    var bundleDirectory: String?

    /// The folder the item's relative references start from.
    var directory: String { Paths.parent(of: contentPath) }

    /// The slug the file name gives (`dune` for both `dune.md` and `dune/index.md`).
    var fileSlug: String {
        if let bundleDirectory { return Paths.lastComponent(of: bundleDirectory) }
        return Paths.deletingExtension(Paths.lastComponent(of: contentPath))
    }
}
