/// Every language a theme has texts in (`themes/<theme>/i18n/<language>.yml`), and the table of
/// any language with its fallbacks applied — theme text is a function of a language, so a page or
/// an item can be drawn in its own.
package struct ThemeTextCatalog: Sendable {
    /// Each file's texts, by the language its name gives (`zh-Hant`).
    var languages: [String: [String: ThemeTextMessage]]
    /// Each language file as shown in messages.
    var files: [String: String]
    /// The folder as shown: `themes/default/i18n`.
    var display: String

    static func empty(display: String) -> ThemeTextCatalog {
        ThemeTextCatalog(languages: [:], files: [:], display: display)
    }

    /// The texts every language has: the English ones.
    var english: [String: ThemeTextMessage] { messages(of: LanguageTag.english) ?? [:] }

    /// The table for `language`: each text from the most specific file that has it (`zh-Hant-TW`,
    /// `zh-Hant`, `zh`), else English.
    package func table(for language: String) -> ThemeTextTable {
        var merged: [String: ThemeTextMessage] = [:]
        for tag in LanguageTag.fallbacks(of: language).reversed() {
            guard let messages = messages(of: tag) else { continue }
            merged.merge(messages) { _, specific in specific }
        }
        return ThemeTextTable(language: language, messages: merged)
    }

    /// The files `language` reads, most specific first (without English).
    func files(for language: String) -> [String] {
        LanguageTag.fallbacks(of: language).compactMap(fileTag).filter { $0.lowercased() != LanguageTag.english }
    }

    /// English texts that neither `language` nor its fallbacks translate, sorted.
    func untranslated(in language: String) -> [String] {
        let translated = Set(files(for: language).flatMap { (languages[$0] ?? [:]).keys })
        return english.keys.filter { !translated.contains($0) }.sorted()
    }

    private func messages(of tag: String) -> [String: ThemeTextMessage]? {
        fileTag(tag).flatMap { languages[$0] }
    }

    /// The language of a file matching `tag`, ignoring case (`zh-hant` finds `zh-Hant.yml`).
    private func fileTag(_ tag: String) -> String? {
        if languages[tag] != nil { return tag }
        return languages.keys.first { $0.lowercased() == tag.lowercased() }
    }
}
