/// The stages of a build, in order.
package enum BuildStage: String, Sendable, CaseIterable {
    case load = "loading"
    case parse = "parsing"
    case images = "processing images"
    case cells = "rendering cells"
    case pages = "rendering pages"
    case write = "writing"
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
