/// Escaping for text placed in HTML and XML, by the engine (feeds, attributes it writes itself).
enum HTMLEscaping {
    /// Escapes `& < > " '` so the result is safe in text and in quoted attributes, in HTML and XML.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Removes characters XML 1.0 forbids (control characters other than tab, newline, return).
    static func xmlSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbiddenInXML) else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.filter { !isForbiddenInXML($0) })
        return String(result)
    }

    private static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
    }
}
