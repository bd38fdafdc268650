import CellarOutput
/// What one run of the ``BuildPipeline`` made, for whoever ran it: the report, and the site it
/// built — the model, the pages, the cells and images they were drawn with and, for a build in
/// memory, the files. Code outside the pipeline reads a build from here, never from its
/// ``BuildMemo`` (which holds what a later build may reuse, in whatever shape suits the stage).
struct BuildResult: Sendable {
    var report: BuildReport
    var model: SiteModel
    /// Every page, in the order they were assembled.
    var pages: [Page]
    /// On a multilingual site, each page's versions in the other languages.
    var alternates: LanguageAlternates
    /// On a multilingual site, each language's share of it (empty for a site in one language).
    var languageSites: [LanguageSite]
    /// Each cell's HTML (by place in a build whose memo is thrown away).
    var cells: CellCache
    var images: ImageCatalog
    /// The built site's files (``BuildOptions/WriteMode/memory``); nil when they were written.
    var captured: CapturedOutput?
    /// The output tree this build swapped in (a staged build), for ``LastBuild``.
    var outputTree: TreeID?
}
