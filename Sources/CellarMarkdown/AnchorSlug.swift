/// Heading ids in the style people know from GitHub: lower case, words joined by hyphens.
enum AnchorSlug {
    static func make(_ text: String) -> String {
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
}
