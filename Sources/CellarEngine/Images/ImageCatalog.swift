import CellarDiagnostics
import CellarFiles
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
            // Without an extension the name is its own stem (no Foundation search for the dot:
            // this runs for every variant of every picture a page shows).
            let stem = Paths.deletingExtension(Paths.lastComponent(of: original.value))
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
    /// What the image stage reported making it (warnings of photos, missing alt text): reported
    /// again by a build that keeps the catalog whole.
    var diagnostics: [Diagnostic] = []
    /// Item id → the signature of the photos it names and where (``ImageStage/signature(of:)``),
    /// for the items that name any; nil when the catalog is not to be kept for a later build.
    var itemJobs: [String: UInt64]?
    /// Whether this is the last build's catalog kept whole (``ImageStage/keptCatalog(_:)``).
    var keptWhole = false
    /// ``publicationKey``, worked out once the catalog is complete.
    private var knownPublicationKey: UInt64?

    /// The sources of `self` whose cache folder is not the one they had in `previous` (all of
    /// them when there is no previous catalog).
    mutating func noteRefolded(since previous: ImageCatalog?) {
        // The same fingerprint: every source in the same folder as before (it hashes each one's path and folder).
        if let previous, previous.fingerprint == fingerprint, previous.entries.count == entries.count {
            refolded = []
            return
        }
        refolded = Set(entries.compactMap { path, entry in previous?.entries[path]?.folder == entry.folder ? nil : path })
    }

    static let empty = ImageCatalog()

    /// The site's files (see ``SiteAddresses``) as the writer publishes them with these images: the
    /// variants, and no original (but one a body shows: its Markdown link is checked as written).
    func publishedFiles(_ files: Set<String>, keys: ImageKeys? = nil) -> Set<String> {
        guard !entries.isEmpty else { return files }
        let change = keys?.publication(of: self) ?? publication
        var files = files
        files.subtract(change.removed)
        files.formUnion(change.added)
        return files
    }

    /// The originals not published (none a body shows) and the variants published instead.
    var publication: (removed: [String], added: [String]) {
        var removed: [String] = [], added: [String] = []
        for entry in entries.values {
            if !entry.inBody { removed.append(entry.original.outputFile) }
            for variant in entry.image.variants { added.append(entry.url(of: variant).outputFile) }
        }
        return (removed, added)
    }

    /// Changes when ``publication`` does (the order of the entries aside).
    var publicationKey: UInt64 { knownPublicationKey ?? workedOutPublicationKey }

    /// Works out ``publicationKey`` once for all (the catalog is complete; a rebuild that keeps it
    /// whole does not hash every entry again).
    mutating func rememberPublicationKey() {
        knownPublicationKey = workedOutPublicationKey
    }

    private var workedOutPublicationKey: UInt64 {
        var key = fingerprint
        for entry in entries.values {
            var hash = StableHash()
            hash.combine(entry.original.value)
            key ^= hash.value
        }
        return key
    }
}
