/// Percent-encoding for paths Cellar writes into links.
enum URLEncoding {
    /// Encodes everything outside RFC 3986's unreserved set and the path delimiters, for paths people
    /// wrote as URLs: their `%xx` escapes, `?query` and `#fragment` are kept.
    static func encodePath(_ path: String) -> String {
        encode(path, literal: false)
    }

    /// Encodes a path of the output folder, whose names are literal: a `%`, `#` or `?` in a file
    /// name (`Report #3.pdf`) is part of the name, so it is escaped too (`Report%20%233.pdf`).
    static func encodeLiteralPath(_ path: String) -> String {
        encode(path, literal: true)
    }

    private static func encode(_ path: String, literal: Bool) -> String {
        let kept = literal ? literalPathBytes : pathBytes
        let allKept = path.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(kept.contains) }
            ?? path.utf8.allSatisfy(kept.contains)
        guard !allKept else { return path }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if kept.contains(byte) {
                result.append(byte)
            } else {
                result.append(UInt8(ascii: "%"))
                result.append(hexDigit(byte >> 4))
                result.append(hexDigit(byte & 0xF))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// RFC 3986's unreserved bytes and the path delimiters people write in URLs, kept as they are.
    static let pathBytes = ASCIISet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/#?=&+%:@!,;")
    /// The same without `%`, `#` and `?`, which in a file name are part of the name.
    static let literalPathBytes = pathBytes.subtracting("%#?")

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 48 + nibble : 55 + nibble
    }

    /// Decodes `%xx` escapes; nil when an escape is malformed or the bytes are not UTF-8.
    static func decode(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }   // (not Foundation's slower contains)
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
