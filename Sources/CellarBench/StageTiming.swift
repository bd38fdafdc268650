/// One stage of a Cellar build as `cellar build --timings` prints it:
/// `  parsing items         5616.5 ms   cpu  9160.4 ms   sys  1210.3 ms   peak   664 MiB`.
struct StageTiming: Sendable {
    var stage: String
    /// Its ``ResourceUsage/system`` is 0 when the line does not say it (then ``ResourceUsage/user`` is all of the CPU time).
    var usage: ResourceUsage<Double>

    static func parse(_ output: String) -> [StageTiming] {
        output.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let ms = words.firstIndex(of: "ms"), ms > 0, let wall = Double(words[ms - 1]),
                  let cpuAt = words.firstIndex(of: "cpu"), cpuAt + 1 < words.count, let cpu = Double(words[cpuAt + 1]),
                  let peakAt = words.firstIndex(of: "peak"), peakAt + 1 < words.count, let peak = Double(words[peakAt + 1])
            else { return nil }
            let system = words.firstIndex(of: "sys").flatMap { $0 + 1 < words.count ? Double(words[$0 + 1]) : nil } ?? 0
            let usage = ResourceUsage(wall: wall / 1000, cpu: cpu / 1000, user: cpu / 1000 - system / 1000, system: system / 1000,
                                      peak: peak * 1_048_576)
            return StageTiming(stage: words[..<(ms - 1)].joined(separator: " "), usage: usage)
        }
    }

    /// The median of each stage over several runs, in the order the stages ran.
    static func medians(_ runs: [[StageTiming]]) -> [StageTiming] {
        guard let first = runs.first else { return [] }
        return first.map { stage in
            let all = runs.compactMap { $0.first { $0.stage == stage.stage } }
            return StageTiming(stage: stage.stage, usage: RunSummary(all.map(\.usage)).median)
        }
    }
}
