import Foundation

/// What a run took: time on the wall clock, CPU time and its two parts, and peak memory — what
/// `wait4` tells of a process and `cellar build --timings` prints for each stage.
///
/// One run's figures are `Double`s (``ProcessMeasurement``, ``StageTiming``, the I/O floor's
/// stages); the figures of several runs are ``Statistics`` (``RunSummary``), so that every
/// report reads a run and a summary of runs by the same names.
struct ResourceUsage<Figure: Sendable>: Sendable {
    /// Seconds on the monotonic clock.
    var wall: Figure
    /// CPU seconds: ``user`` + ``system`` (of the children waited for too).
    var cpu: Figure
    /// The user part of ``cpu``: the program's own work, outside the kernel.
    var user: Figure
    /// The kernel's part of ``cpu``.
    var system: Figure
    /// Peak resident set, in bytes (`ru_maxrss`; for a stage, the process's peak when it ended).
    var peak: Figure
}

/// Wall, CPU and peak memory of several runs of one command: min, median and max of each.
typealias RunSummary = ResourceUsage<Statistics>

extension ResourceUsage<Double> {
    /// Figures from `rusage`, with the given wall time.
    init(wall: Double, rusage usage: rusage) {
        let user = ProcessTimer.seconds(usage.ru_utime), system = ProcessTimer.seconds(usage.ru_stime)
        self.init(wall: wall, cpu: user + system, user: user, system: system, peak: Double(usage.ru_maxrss) * 1024)
    }
}

extension ResourceUsage<Statistics> {
    /// Min, median and max of each figure over `runs` (at least one).
    init(_ runs: [ResourceUsage<Double>]) {
        self.init(wall: Statistics(runs.map(\.wall)), cpu: Statistics(runs.map(\.cpu)), user: Statistics(runs.map(\.user)),
                  system: Statistics(runs.map(\.system)), peak: Statistics(runs.map(\.peak)))
    }

    /// Min, median and max of each figure over the runs of `measurements`.
    init(_ measurements: [ProcessMeasurement]) {
        self.init(measurements.map(\.usage))
    }

    /// The median of each figure.
    var median: ResourceUsage<Double> {
        ResourceUsage<Double>(wall: wall.median, cpu: cpu.median, user: user.median, system: system.median, peak: peak.median)
    }

    /// How many runs the figures are of.
    var runs: Int { wall.count }
}
