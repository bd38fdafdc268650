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
        func isAllowed(_ byte: UInt8) -> Bool {
            Self.isAllowed(byte) && !(literal && (byte == UInt8(ascii: "%") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?")))
        }
        guard path.utf8.contains(where: { !isAllowed($0) }) else { return path }
        var result = ""
        for byte in path.utf8 {
            if isAllowed(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hex(byte >> 4) + hex(byte & 0xF)
            }
        }
        return result
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
             UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "+"),
             UInt8(ascii: "%"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: ","),
             UInt8(ascii: ";"):
            true
        default:
            false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? 48 + nibble : 55 + nibble))
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
