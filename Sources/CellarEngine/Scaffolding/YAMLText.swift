/// Writing YAML by hand for the files `cellar new` creates: values that read back as written.
package enum YAMLText {
    /// `text` as a double-quoted YAML scalar: `"Dune: Part Two"`, with `\` and `"` escaped.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    /// Pads with leading zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension YAMLText {
    /// `text` as a plain scalar when it reads back unchanged, else quoted.
    package static func scalar(_ text: String) -> String {
        guard let first = text.first, let last = text.last else { return "\"\"" }
        let indicators: Set<Character> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'",
                                          "\"", "%", "@", "`", "<"]
        if indicators.contains(first) || first == " " || last == " " || text.contains(": ") || text.contains(" #")
            || text.hasSuffix(":") || text.contains(where: { $0.isNewline || $0 == "\t" }) {
            return quoted(text)
        }
        return text
    }
}
