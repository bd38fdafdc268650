import Foundation

/// URL slugs: lower case, words joined by `-`, Unicode folded to ASCII where it can be
/// (`Crème Brûlée` → `creme-brulee`), letters of other scripts kept (`東京` stays), never empty.
package enum Slug {
    package static func make(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return makeASCII(text) }
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

    /// The common case, without Foundation: ASCII letters and digits kept, the rest separates words.
    private static func makeASCII(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingHyphen = false
        for byte in text.utf8 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            let isWord = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
            if isWord {
                if pendingHyphen, !bytes.isEmpty { bytes.append(0x2D) }
                pendingHyphen = false
                bytes.append(lower)
            } else if byte == 0x26 {   // '&' reads as "and", as in the Unicode path
                if !bytes.isEmpty { bytes.append(0x2D) }
                bytes.append(contentsOf: Array("and".utf8))
                pendingHyphen = true
            } else {
                pendingHyphen = true
            }
        }
        return bytes.isEmpty ? "untitled" : String(decoding: bytes, as: UTF8.self)
    }

    /// Longest slug written in front matter, in UTF-8 bytes.
    package static let maxBytes = 200
    /// Longest part of any URL Cellar writes, in UTF-8 bytes: each part is a file or folder name.
    static let maxSegmentBytes = 255

    /// Whether a slug written in front matter is safe as one URL segment.
    package static func isValid(_ slug: String) -> Bool {
        !slug.isEmpty && slug != "." && slug != ".." && slug.utf8.count <= maxBytes
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
