/// UTF-8 text as Unicode scalars, with the byte where each scalar starts, so scalar ranges found by a
/// scanner cut the bytes directly.
struct ScalarText {
    let scalars: [Unicode.Scalar]
    /// Byte offset of each scalar, and the byte count last; empty when the text is ASCII (offset = index).
    private let offsets: [Int]

    init(_ bytes: [UInt8]) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            scalars = bytes.map { Unicode.Scalar($0) }
            offsets = []
            return
        }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let encoded) = decoder.parseScalar(from: &iterator) {
            scalars.append(Unicode.UTF8.decode(encoded))
            offsets.append(offset)
            offset += encoded.count
        }
        offsets.append(offset)
        self.scalars = scalars
        self.offsets = offsets
    }

    /// The bytes of a range of scalars.
    func bytes(_ range: Range<Int>) -> Range<Int> {
        offsets.isEmpty ? range : offsets[range.lowerBound]..<offsets[range.upperBound]
    }

    static func utf8(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { Unicode.UTF8.encode(scalar) { bytes.append($0) } }
        return bytes
    }
}
