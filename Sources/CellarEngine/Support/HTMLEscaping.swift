/// Escaping for text placed in HTML and XML, by the engine (feeds, attributes it writes itself).
enum HTMLEscaping {
    /// Escapes `& < > " '` so the result is safe in text and in quoted attributes, in HTML and XML,
    /// and leaves out control characters (see ``ControlCharacters``).
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
                                          || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else {
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
            default: if !ControlCharacters.contains(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Removes what XML 1.0 forbids or discourages: control characters (see ``ControlCharacters``)
    /// and the noncharacters U+FFFE and U+FFFF.
    static func xmlSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbiddenInXML) else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.filter { !isForbiddenInXML($0) })
        return String(result)
    }

    private static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.contains(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
