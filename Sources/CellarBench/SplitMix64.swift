/// SplitMix64: a tiny deterministic PRNG, so the same seed makes the same corpus on any machine
/// and with any toolchain (the standard library's `random(in:using:)` algorithms may change).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A number in `range` (both ends included); the modulo bias is negligible for small ranges.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[below(values.count)]
    }

    /// `count` distinct values, in random order (a partial Fisher–Yates shuffle).
    mutating func sample<T>(_ values: [T], count: Int) -> [T] {
        var pool = values
        for index in 0..<count {
            pool.swapAt(index, index + below(pool.count - index))
        }
        return Array(pool.prefix(count))
    }

    /// An index chosen with probability proportional to its weight.
    mutating func weighted(_ weights: [Double]) -> Int {
        var roll = unit() * weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            roll -= weight
            if roll < 0 { return index }
        }
        return weights.count - 1
    }
}
