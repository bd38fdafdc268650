/// A CLDR plural category: which form of a counted text a number takes in a language
/// ("1 min read", "5 min read"; French "0 min" and "1 min" take `one`).
enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (its primary subtag decides).
    static func of(_ count: Int, in language: String) -> PluralCategory {
        let n = abs(count)
        switch LanguageTag.primary(language) {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "lo", "my", "km", "yue":
            return .other
        case "fr", "pt":
            return n <= 1 ? .one : .other
        case "ru", "uk", "be":
            if n % 10 == 1, n % 100 != 11 { return .one }
            if (2...4).contains(n % 10), !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10), !(12...14).contains(n % 100) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        default:
            return n == 1 ? .one : .other
        }
    }
}
