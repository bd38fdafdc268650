import Foundation

/// URL slugs: lower case, words joined by `-`, Unicode folded to ASCII where it can be
/// (`Crème Brûlée` → `creme-brulee`), letters of other scripts kept (`東京` stays), never empty.
public enum Slug {
    public static func make(_ text: String) -> String {
        var result = ""
        var pendingHyphen = false
        for character in fold(text) {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return result.isEmpty ? "untitled" : result
    }

    /// Whether a slug written in front matter is safe as one URL segment.
    public static func isValid(_ slug: String) -> Bool {
        !slug.isEmpty && slug != "." && slug != ".." && slug.count <= 200
            && !slug.contains(where: { $0 == "/" || $0 == "\\" || $0 == "?" || $0 == "#" || $0 == "%"
                || $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    private static let specials: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
        "ł": "l", "Ł": "l", "þ": "th", "Þ": "th", "ð": "d", "ı": "i", "&": " and ",
    ]

    private static func fold(_ text: String) -> String {
        var mapped = ""
        for character in text {
            if let replacement = specials[character] { mapped += replacement } else { mapped.append(character) }
        }
        return mapped.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }
}
