/// The stages of a build, in order, each named by its work: one case per stage type under
/// `Build/Stages/`. `--timings`, the progress line and the manual's stage table use these names.
package enum BuildStage: String, Sendable, CaseIterable {
    /// ``LoadStage`` (with ``SiteLoader``): scans `content/`, reads the settings and sections, loads the theme.
    case loadingSite = "loading site and theme"
    /// ``ParseStage``: reads and types each item file; bodies that need no other item are rendered here.
    case parsingItems = "parsing items"
    /// ``ModelStage``: publishing rules, URLs, tags, the other bodies (``BodyStage``), sections in order.
    case buildingModel = "building the model"
    /// ``ImageStage``: photos and bundles' images resized into their variants (or taken from the cache).
    case processingImages = "processing images"
    /// ``CellStage``: each item's cell, once.
    case renderingCells = "rendering cells"
    /// ``PageStage``: every page put together from cells, and links between pages checked.
    case assemblingPages = "assembling pages"
    /// ``WriteStage`` (with ``SiteWriter``): each page through its layout, written with feeds and files.
    case renderingAndWriting = "rendering and writing"
}

/// How a build tells its caller what it is doing. The engine never prints: the CLI decides.
package protocol BuildReporter: Sendable {
    func stageStarted(_ stage: BuildStage)
    /// Called now and then during long stages.
    func progress(_ stage: BuildStage, done: Int, total: Int)
    func stageFinished(_ stage: BuildStage, duration: Duration)
    /// Another build of the same site holds its lock; this one waits for it to finish.
    func waitingForOtherBuild()
}

extension BuildReporter {
    package func stageStarted(_ stage: BuildStage) {}
    package func progress(_ stage: BuildStage, done: Int, total: Int) {}
    package func stageFinished(_ stage: BuildStage, duration: Duration) {}
    package func waitingForOtherBuild() {}
}

/// A reporter that reports nothing (tests, benchmarks).
package struct SilentReporter: BuildReporter {
    package init() {}
}
