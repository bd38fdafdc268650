/// What a fence's language name selects.
package enum LanguageLookup: Sendable, Hashable {
    /// A language the highlighter draws.
    case known(CodeLanguage)
    /// No language, or one that asks for none (`text`, `txt`, `plain`, `plaintext`, `none`):
    /// plain escaped code, no warning.
    case plainText
    /// A name nobody knows: plain escaped code, and a warning naming the closest known name.
    case unknown(String, suggestion: String?)
}
