/// FNV-1a, 64 bits: names the data folder after what it holds (not a security boundary: the
/// folder's contents are checked before use).
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        value ^= 0xFF   // a separator no UTF-8 text contains
        value &*= 0x0000_0100_0000_01B3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
