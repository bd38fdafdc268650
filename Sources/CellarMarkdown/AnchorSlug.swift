/// A heading's `id` from its text, in one of the ``AnchorStyle``s.
enum AnchorSlug {
    static func make(_ text: String, style: AnchorStyle = .cellar) -> String {
        switch style {
        case .cellar: return cellar(text)
        case .github: return github(text)
        case .kramdown: return kramdown(text)
        }
    }

    /// Letters, digits and `_` in lower case; runs of spaces and hyphens one hyphen.
    private static func cellar(_ text: String) -> String {
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

    /// Goldmark's `github` ids: the text trimmed, each space or hyphen a hyphen, letters, digits and
    /// `_` lower-cased, everything else dropped.
    private static func github(_ text: String) -> String {
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        var result = ""
        for character in trimmed.lowercased() {
            if character == " " || character == "-" {
                result.append("-")
            } else if character.isLetter || character.isNumber || character == "_" {
                result.append(character)
            }
        }
        return result.isEmpty ? "heading" : result
    }

    /// kramdown's `basic_generate_id`: from the first ASCII letter on, ASCII letters, digits, spaces
    /// and hyphens, spaces made hyphens, lower-cased.
    private static func kramdown(_ text: String) -> String {
        var result = ""
        var started = false
        for scalar in text.unicodeScalars {
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            if !started, !isLetter { continue }
            started = true
            if isLetter || (scalar >= "0" && scalar <= "9") || scalar == "-" {
                result.unicodeScalars.append(isLetter ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
            } else if scalar == " " {
                result.append("-")
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// The Cellar slug, byte by byte, for ASCII text (most headings); nil for anything else.
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
