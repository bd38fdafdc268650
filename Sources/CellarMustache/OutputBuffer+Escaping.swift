extension OutputBuffer {
    /// The bytes `&`, `<`, `>`, `"` and `'` (all below 64) as a bit set.
    private static let specialBytes: UInt64 = 1 << 38 | 1 << 60 | 1 << 62 | 1 << 34 | 1 << 39

    /// Appends `bytes` with `&`, `<`, `>`, `"` and `'` replaced by HTML entities.
    mutating func appendHTMLEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var chunkStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 64, Self.specialBytes & (1 << UInt64(byte)) != 0 else {
                index += 1
                continue
            }
            append(UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
            let entity: StaticString = switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: "&#39;"
            }
            append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            index += 1
            chunkStart = index
        }
        append(UnsafeBufferPointer(rebasing: bytes[chunkStart..<bytes.count]))
    }
}
