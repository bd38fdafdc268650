/// A 64-bit FNV-1a hash that is the same in every process (Swift's `Hasher` is seeded per run),
/// for fingerprints kept between builds.
package struct StableHash: Sendable, Hashable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Mixes in bytes eight at a time (FNV-1a over 64-bit words, then the tail byte by byte):
    /// output pages are hashed on every build, so this runs over every byte Cellar writes.
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        let words = bytes.count / 8
        if let base = bytes.baseAddress {
            for index in 0..<words {
                let word = base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = (hash ^ word) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
            }
        }
        for byte in bytes[(words * 8)...] {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    package mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        combine(UInt64(0xff))   // separator, so ("ab","c") and ("a","bc") differ
    }

    package mutating func combine(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { combine($0) }
    }

    package mutating func combine(_ number: Int) {
        combine(UInt64(bitPattern: Int64(number)))
    }

    package static func of(_ string: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(string)
        return hash.value
    }

    package static func of(bytes: [UInt8]) -> UInt64 {
        var hash = StableHash()
        bytes.withUnsafeBytes { hash.combine($0) }
        return hash.value
    }
}
