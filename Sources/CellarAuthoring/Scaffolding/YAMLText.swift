internal import CellarEscaping

/// Writing YAML by hand for the files `cellar new` creates: values that read back as written.
package enum YAMLText {
    /// `text` as a double-quoted YAML scalar: `"Dune: Part Two"` (see `Escaping.yamlScalar`).
    package static func quoted(_ text: String) -> String {
        Escaping.yamlScalar(text)
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
