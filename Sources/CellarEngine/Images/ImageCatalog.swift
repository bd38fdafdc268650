import CellarImages

/// The images a build processed: for each source (relative to `content/`), its variants in the
/// cache and the addresses they are published at, beside where the original would have been.
struct ImageCatalog: Sendable {
    struct Entry: Sendable {
        var image: ProcessedImage
        /// The cache folder holding the variants.
        var folder: String
        /// Where the original would be published; the variants go beside it.
        var original: URLPath
        /// Whether a Markdown body shows it (`![alt](pic.jpg)`).
        var inBody = false
        /// The addresses translations of its bundle show it at (`/vi/photos/dune/cover.jpg`): drawn from the same variants.
        var translatedAt: [URLPath] = []

        /// `photos/dune/cover.jpg` → `photos/dune/cover-960.webp`.
        func url(of variant: ProcessedImage.Variant) -> URLPath {
            let name = Paths.lastComponent(of: original.value)
            let stem = name.contains(".") ? Paths.deletingExtension(name) : name
            let parent = Paths.parent(of: original.value)
            let file = "\(stem)-\(variant.width).\(variant.format.fileExtension)"
            return URLPath(parent.isEmpty ? file : parent + "/" + file)
        }
    }

    var entries: [String: Entry] = [:]
    /// Images processed by this build (the others came from the cache).
    var processed = 0
    var cached = 0
    /// Changes when any image's variants do: pages showing them are rendered again.
    var fingerprint: UInt64 = 0
    /// Sources whose variants are not the ones the last build published (another cache folder: a
    /// section's `keep_location` changed, not the photo): copied again though the photo is unchanged.
    var refolded: Set<String> = []

    /// The sources of `self` whose cache folder is not the one they had in `previous` (all of
    /// them when there is no previous catalog).
    mutating func noteRefolded(since previous: ImageCatalog?) {
        refolded = Set(entries.compactMap { path, entry in previous?.entries[path]?.folder == entry.folder ? nil : path })
    }

    static let empty = ImageCatalog()

    /// The site's files (see ``SiteAddresses``) as the writer publishes them with these images: the
    /// variants, and no original (but one a body shows: its Markdown link is checked as written).
    func publishedFiles(_ files: Set<String>) -> Set<String> {
        guard !entries.isEmpty else { return files }
        var files = files
        for entry in entries.values {
            if !entry.inBody { files.remove(entry.original.outputFile) }
            for variant in entry.image.variants { files.insert(entry.url(of: variant).outputFile) }
        }
        return files
    }
}
