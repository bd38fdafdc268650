/// Heading ids in the style people know from GitHub: lower case, words joined by hyphens.
enum AnchorSlug {
    static func make(_ text: String) -> String {
        if let ascii = asciiSlug(text) { return ascii }
        var result = ""
        var pendingHyphen = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "_" {
                if pendingHyphen, !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.append(character)
            } else if character == " " || character == "-" || character == "\t" {
                pendingHyphen = true
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// The same slug, byte by byte, for ASCII text (most headings); nil for anything else.
    private static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var pendingHyphen = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) || lower == 0x5F {
                    if pendingHyphen, !output.isEmpty { output.append(0x2D) }
                    pendingHyphen = false
                    output.append(lower)
                } else if byte == 0x20 || byte == 0x2D || byte == 0x09 {
                    pendingHyphen = true
                }
            }
            return output.isEmpty ? "section" : String(decoding: output, as: UTF8.self)
        }
    }
}
