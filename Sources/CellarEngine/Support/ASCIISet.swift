/// A set of ASCII bytes as two 64-bit masks: a byte's membership is a shift and a mask, with no
/// table to look up and no branch on the byte.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0, high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 {
            precondition(byte < 0x80, "an ASCIISet holds ASCII bytes only")
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? low : high
        return byte < 0x80 && mask >> (byte & 63) & 1 != 0
    }

    func subtracting(_ members: String) -> ASCIISet {
        let removed = ASCIISet(members)
        var result = self
        result.low &= ~removed.low
        result.high &= ~removed.high
        return result
    }
}
