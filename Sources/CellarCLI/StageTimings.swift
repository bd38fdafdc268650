import CellarEngine
import Foundation

/// What `cellar build --timings` prints: one line per stage with its wall time, CPU time, the
/// kernel's part of it and the peak memory after it.
struct StageTimings {
    var report: BuildReport

    /// The longest stage name and a space.
    static let nameWidth = (BuildStage.allCases.map(\.rawValue.count).max() ?? 0) + 1

    var lines: [String] {
        BuildStage.allCases.compactMap { stage in
            guard let duration = report.stageDurations[stage] else { return nil }
            let usage = report.stageUsage[stage].map {
                String(format: "   cpu %7.1f ms   sys %7.1f ms   peak %5d MiB", $0.cpu.milliseconds, $0.system.milliseconds,
                       $0.peakMemory >> 20)
            } ?? ""
            return "  " + stage.rawValue.padding(toLength: Self.nameWidth, withPad: " ", startingAt: 0)
                + String(format: "%7.1f ms", duration.milliseconds) + usage
        }
    }
}
