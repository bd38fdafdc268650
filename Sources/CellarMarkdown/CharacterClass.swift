/// CommonMark's Unicode whitespace and punctuation, for flanking rules and autolink boundaries.
enum CharacterClass {
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value)
                || (0x7B...0x7E).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value | 0x20
        return (0x61...0x7A).contains(value)
    }

    /// The last scalar of UTF-8 `bytes` before `index`, if any.
    static func scalar(before index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first
    }

    /// The scalar of UTF-8 `bytes` starting at `index`, if any.
    static func scalar(at index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
    }
}
