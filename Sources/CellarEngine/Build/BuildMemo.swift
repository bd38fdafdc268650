import CellarHighlight

/// What a build remembers for the next one, stage by stage: each stage's memo is keyed by that
/// stage's inputs, so a rebuild redoes only what its ``ChangeSet`` reaches.
///
/// Two sorts of memo: those that describe files (the frame, parsed files, rendered bodies, rendered
/// cells, the output folder) stay valid whatever the build's outcome; those that describe the last
/// successful site as a whole (its model, configurators, pages) are forgotten when a build fails,
/// and the next build derives them afresh.
struct BuildMemo: Sendable {
    /// What a memo keeps: the one switch between a session and a build that runs once.
    enum Policy: Sendable {
        /// A session (`cellar serve`, `cellar check`, tests): everything a later build may reuse.
        case keepForLaterBuilds
        /// `cellar build`: the memo is thrown away after this build, so what only a later build
        /// would use — the Markdown of rendered bodies, the parse and body memos,
        /// cells and placements by item — is never kept, or let go of as soon as the build is past it.
        case thisBuildOnly
    }

    /// Set when the memo is made; a memo started afresh (``BuildPipeline`` on `.everything`) keeps it.
    var policy = Policy.keepForLaterBuilds
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

    init(policy: Policy = .keepForLaterBuilds) {
        self.policy = policy
    }

    /// Lets go of what only the model stage used, once the model is built (``Policy/thisBuildOnly``):
    /// the parse memo and the rendered bodies (the model holds the bodies it needs).
    mutating func modelBuilt() {
        guard policy == .thisBuildOnly else { return }
        parse = ParseStage.Memo()
        model.bodies = BodyStage.Memo()
    }

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
