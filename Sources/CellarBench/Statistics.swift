/// Min, median and max of a few measurements.
struct Statistics: Sendable {
    var min: Double
    var median: Double
    var max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        precondition(!sorted.isEmpty, "statistics of no measurements")
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Wall, CPU and peak memory of several runs of one command.
struct RunSummary: Sendable {
    var wall: Statistics
    var cpu: Statistics
    var user: Statistics
    var peakRSS: Statistics
    var runs: Int

    init(_ measurements: [ProcessMeasurement]) {
        wall = Statistics(measurements.map(\.wall))
        cpu = Statistics(measurements.map(\.cpu))
        user = Statistics(measurements.map(\.user))
        peakRSS = Statistics(measurements.map(\.peakRSS))
        runs = measurements.count
    }
}
