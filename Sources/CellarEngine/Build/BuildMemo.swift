import CellarHighlight

/// What a build remembers for the next one, stage by stage: each stage's memo is keyed by that
/// stage's inputs, so a rebuild redoes only what its ``ChangeSet`` reaches.
///
/// Two sorts of memo: those that describe files (the frame, parsed files, rendered bodies, rendered
/// cells, the output folder) stay valid whatever the build's outcome; those that describe the last
/// successful site as a whole (its model, configurators, pages) are forgotten when a build fails,
/// and the next build derives them afresh.
struct BuildMemo: Sendable {
    var load = LoadStage.Memo()
    var parse = ParseStage.Memo()
    var model = ModelStage.Memo()
    var cells = CellStage.Memo()
    var pages = PageStage.Memo()
    var links = PageLinkCheck.Memo()
    var output = WriteStage.Memo()
    /// The code highlighter, prepared by the first build that needs it (it may set up a data folder).
    var highlighter: CodeHighlighter?
    /// The images of the last build: another ``ImageCatalog/fingerprint`` (a photo changed, added
    /// or gone) means every page is assembled and written again, and old variants removed.
    var images: ImageCatalog?
    /// Each photo's file status → the hash of its bytes, and the image records read.
    var imageKeys = ImageKeys()
    /// What changed before builds that failed since the last successful one: the output does not
    /// show it yet, so the next build treats it as changed too.
    var unbuilt: ChangeSet?

    /// Forgets the last successful site (kept: everything that describes files).
    mutating func forgetSite() {
        model.model = nil
        model.placements = [:]
        cells.configurators = [:]
        pages = PageStage.Memo()
        links = PageLinkCheck.Memo()
        images = nil
    }
}
