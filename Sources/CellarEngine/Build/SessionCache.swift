import CellarDiagnostics

/// What a ``BuildSession`` keeps between builds, so a rebuild redoes only what changed:
/// parsed items by file, rendered bodies, each item's cell HTML, and a fingerprint of every page's inputs.
struct SessionCache: Sendable {
    struct ParsedEntry: Sendable {
        var status: FileStatus
        var item: Item?
        var diagnostics: [Diagnostic]
    }

    struct BodyEntry: Sendable {
        /// Whether the body links to other content (so a change of any URL may change it).
        var dependsOnLinks: Bool
        var linksKey: UInt64
        var item: Item
        var diagnostics: [Diagnostic]
    }

    /// The last build's settings, theme and scan, reused while only items' files change.
    var loaded: LoadedSite?
    /// What loading `loaded` reported (settings, theme, scan): reported again while it is reused.
    var loadDiagnostics: [Diagnostic] = []
    /// What the last build reported about the site as a whole rather than one item (tags that slug
    /// alike, links in introductions): reported again by a rebuild that does not redo that work.
    var siteDiagnostics: [Diagnostic] = []
    /// Everything typing depends on besides the file itself (settings, kinds, which files exist).
    var parseContext: UInt64?
    var parsed: [String: ParsedEntry] = [:]
    var bodies: [String: BodyEntry] = [:]
    /// Everything every page depends on (theme, settings, sections, tags, options).
    var globalKey: UInt64?
    var cells = CellCache()
    /// Output file → fingerprint of what it was rendered from.
    var pages: [String: UInt64] = [:]
    /// What the last build wrote.
    var manifest: OutputManifest?
    /// The last successful build, for rebuilding after edits that move nothing.
    var last: LastBuild?
    /// The files of the last build in memory (``BuildOptions/WriteMode/memory``).
    var captured: CapturedOutput?

    mutating func reset() {
        self = SessionCache()
    }

    /// Keeps `item`'s rendered body for later builds, after setting its ``Item/revision``: what its
    /// cell and page are rendered from (its source, its URL and, when its body links to other
    /// content, every URL).
    mutating func keepBody(of item: inout Item, dependsOnLinks: Bool, linksKey: UInt64, diagnostics: [Diagnostic]) {
        var revision = StableHash()
        revision.combine(item.sourceHash)
        revision.combine(item.url.value)
        revision.combine(dependsOnLinks ? linksKey : 0)
        item.revision = revision.value
        bodies[item.id] = BodyEntry(dependsOnLinks: dependsOnLinks, linksKey: linksKey, item: item, diagnostics: diagnostics)
    }

    /// What the last build reported, for a rebuild that redoes none of the work behind it.
    var reportedDiagnostics: [Diagnostic] {
        loadDiagnostics + siteDiagnostics + parsed.values.flatMap(\.diagnostics) + bodies.values.flatMap(\.diagnostics)
    }
}
