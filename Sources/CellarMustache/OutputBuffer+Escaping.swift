extension OutputBuffer {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by HTML entities.
    mutating func appendHTMLEscaped(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { appendHTMLEscaped($0) }
        if copied == nil {
            Array(text.utf8).withUnsafeBufferPointer { appendHTMLEscaped($0) }
        }
    }

    mutating func appendHTMLEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var chunkStart = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            append(UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
            append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            chunkStart = index + 1
        }
        append(UnsafeBufferPointer(rebasing: bytes[chunkStart...]))
    }
}
