import Foundation

/// Case and diacritics folded the same way here and in the theme's `search.js`: lower case, then
/// canonical decomposition with the combining diacritics U+0300–U+036F dropped, then recomposed (so
/// kana and Hangul keep their marks), then a few letters that have no decomposition (đ → d, ß → ss).
/// `Cà Phê` → `ca phe`, `Über` → `uber`, `Đà Nẵng` → `da nang`.
package enum TextFolding {
    /// Letters with no canonical decomposition, folded by hand (the same table is in search.js).
    package static let letters: [Unicode.Scalar: String] = [
        "đ": "d", "ð": "d", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i", "þ": "th",
    ]

    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLowercased(text) }
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            if let replacement = letters[scalar] { scalars.append(contentsOf: replacement.unicodeScalars) } else { scalars.append(scalar) }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    private static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
