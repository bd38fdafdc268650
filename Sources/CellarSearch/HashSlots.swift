/// The open-addressing table behind ``StringTable`` and ``TermCounter``: entries numbered in the
/// order they are added, found again by a 64-bit hash the caller works out (FNV-1a of the bytes)
/// and one linear probe — no Swift `Hasher`, seeded per process, reading a String scalar by scalar.
/// The caller keeps what it numbers and says, per candidate whose hash is the one asked, whether
/// it is the one.
struct HashSlots {
    /// Number + 1; 0 = empty. A power of two, at most half full.
    private var slots: [Int32]
    /// Each entry's hash, by number.
    private var hashes: [UInt64] = []

    /// Room for `capacity` entries before the table first grows.
    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// How many entries there are.
    var count: Int { hashes.count }

    /// The entry of `hash` that `matches` accepts, else nil and the slot ``insert(_:at:)`` takes.
    @inline(__always)
    func find(_ hash: UInt64, where matches: (Int) -> Bool) -> (number: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Self.start(of: hash, mask: mask)
        while true {
            let found = Int(slots[slot])
            if found == 0 { return (nil, slot) }
            if hashes[found - 1] == hash, matches(found - 1) { return (found - 1, slot) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds an entry of `hash` at `slot` (what ``find(_:where:)`` gave, nothing added since): its number.
    @discardableResult
    mutating func insert(_ hash: UInt64, at slot: Int) -> Int {
        hashes.append(hash)
        slots[slot] = Int32(hashes.count)
        if hashes.count * 2 > slots.count { grow() }
        return hashes.count - 1
    }

    // MARK: - Private

    @inline(__always)
    private static func start(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Self.start(of: hash, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
