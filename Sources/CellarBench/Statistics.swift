/// Min, median and max of a few measurements, and how many there were.
struct Statistics: Sendable {
    var min: Double
    var median: Double
    var max: Double
    var count: Int

    init(_ values: [Double]) {
        let sorted = values.sorted()
        precondition(!sorted.isEmpty, "statistics of no measurements")
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        count = sorted.count
    }
}
