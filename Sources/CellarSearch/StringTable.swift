/// Strings numbered in the order they are first added, found again by an FNV-1a hash of their
/// UTF-8 and one probe of an open-addressing table (``HashSlots``): what the index's state is built
/// with (a term of every document is looked up once, millions of times at 10,000 items), cheaper
/// than a Swift `Dictionary` whose `Hasher` is seeded per process and reads a String scalar by scalar.
struct StringTable {
    private(set) var strings: [String] = []
    private var table: HashSlots

    init(capacity: Int = 1024) {
        table = HashSlots(capacity: capacity)
    }

    /// The number of `string`, and whether it was added now.
    mutating func add(_ string: String) -> (number: Int, added: Bool) {
        var string = string
        let hash = string.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let (found, slot) = table.find(hash) { strings[$0] == string }
        if let found { return (found, false) }
        strings.append(string)
        return (table.insert(hash, at: slot), true)
    }
}
