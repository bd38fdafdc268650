/// Strings numbered in the order they are first added, found again by an FNV-1a hash of their
/// UTF-8 and one probe of an open-addressing table: what the index's state is built with (a term of
/// every document is looked up once, millions of times at 10,000 items), cheaper than a Swift
/// `Dictionary` whose `Hasher` is seeded per process and reads a String scalar by scalar.
struct StringTable {
    private(set) var strings: [String] = []
    private var hashes: [UInt64] = []
    /// Number + 1; 0 = empty. A power of two, at most half full.
    private var slots: [Int32]

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// The number of `string`, and whether it was added now.
    mutating func add(_ string: String) -> (number: Int, added: Bool) {
        var string = string
        let hash = string.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { break }
            if hashes[found - 1] == hash, strings[found - 1] == string { return (found - 1, false) }
            slot = (slot + 1) & mask
        }
        strings.append(string)
        hashes.append(hash)
        slots[slot] = Int32(strings.count)
        if strings.count * 2 > slots.count { grow() }
        return (strings.count - 1, true)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
