/// How much CPU time highlighting may take (the time of the thread that highlights, so a loaded
/// machine does not make a block late). A block that takes longer than ``perBlock`` is shown as
/// plain code; once the blocks of one file have taken ``perFile`` in all, or those of the whole
/// build ``perBuild``, the blocks after them are shown as plain code without being tried. Each
/// time, a warning says so at the block and names the slowest one.
package struct HighlightLimits: Sendable, Hashable {
    /// One block. 2 s.
    package var perBlock: Duration
    /// The blocks of one file (an item, or the introduction of a section). 5 s.
    package var perFile: Duration
    /// Every block of a build, on all threads together. 60 s.
    package var perBuild: Duration

    package init(perBlock: Duration = .seconds(2), perFile: Duration = .seconds(5), perBuild: Duration = .seconds(60)) {
        self.perBlock = perBlock
        self.perFile = perFile
        self.perBuild = perBuild
    }
}
