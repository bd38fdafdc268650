/// What the two stages over the site's items, ``ParseStage`` and ``ModelStage``, both work with:
/// the loaded frame, the publishing rules, code highlighting, the reporter and the memo policy.
struct ItemStageSetup {
    var frame: LoadStage.Output
    var rules: PublishRules
    var highlighting: CodeBlockHighlighting?
    var reporter: any BuildReporter
    /// What the memo keeps for a later build (``BuildMemo/policy``).
    var policy = BuildMemo.Policy.keepForLaterBuilds
    /// Whether bodies and introductions keep every link and image written in them (``BodyReference``), for `cellar check`.
    var collectsReferences = false
    /// Bodies the last `cellar build` rendered (``KeptBodies``), by item id: an item whose body is
    /// among them is not rendered while parsing; the model stage takes it from there, or renders
    /// it when what it depends on moved.
    var bodiesOnHand: [String: BodyStage.Entry] = [:]
    /// Whether every body rendered is kept for the next process (``KeptBodies``).
    var keepsBodiesForNextProcess = false
    /// Typed sources the last `cellar build` made (``KeptItems``), by item id: a file whose bytes
    /// hash as its source's did is taken from here rather than typed again.
    var itemsOnHand = KeptItems.Catalog()
    /// Whether the parse stage lists the sources the next process may take (``KeptItems``).
    var keepsItemsForNextProcess = false

    /// Whether the memo is thrown away after this build: nothing only a later build would use is kept.
    var thisBuildOnly: Bool { policy == .thisBuildOnly }
}
