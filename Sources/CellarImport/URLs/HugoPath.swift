/// Hugo's `urlize`, as Hugo 0.111 turns titles, slugs, file and folder names into URL parts: `%XX`
/// and `+` read as in a query, spaces become `-`, letters, digits, marks and `._-~#@/\` are kept,
/// everything else dropped, and the result lower-cased (unless the site keeps case).
enum HugoPath {
    static func urlize(_ text: String, lowercase: Bool = true) -> String {
        let decoded = unescape(text.trimmingCharacters(in: .whitespaces))
        var result = ""
        var pendingHyphen = false
        for character in decoded {
            if character.isWhitespace {
                if !result.isEmpty { pendingHyphen = true }
                continue
            }
            guard isKept(character) else { continue }
            if pendingHyphen, character != "-", result.last != "-" { result.append("-") }
            pendingHyphen = false
            result.append(character)
        }
        return lowercase ? result.lowercased() : result
    }

    private static func isKept(_ character: Character) -> Bool {
        if "._-~#@/\\".contains(character) { return true }
        return character.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
        }
    }

    /// `%20` and `+` as spaces, other valid `%XX` escapes decoded; invalid ones drop their `%`.
    private static func unescape(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                if index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                    bytes.append(high << 4 | low)
                    index += 2
                }
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
