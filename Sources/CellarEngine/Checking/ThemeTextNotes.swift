import CellarDiagnostics

/// `cellar check`'s notes about the theme's texts in the site's language and in the languages of
/// items that have their own: texts the language file leaves out (shown in English), or no file
/// for the language at all.
enum ThemeTextNotes {
    /// The notes for the site's language, then for each other language items are in (sorted).
    static func notes(_ catalog: ThemeTextCatalog, language: String, items: [ContentItem]) -> [Diagnostic] {
        var others: [String: (file: String, count: Int)] = [:]
        for item in items where item.language != language {
            let seen = others[item.language]
            others[item.language] = (seen?.file ?? item.file, (seen?.count ?? 0) + 1)
        }
        var result = notes(catalog, language: language)
        for (other, speakers) in others.sorted(by: { $0.key < $1.key }) {
            let who = speakers.count == 1 ? "the language of \(speakers.file)"
                : "the language of \(speakers.file) and \(speakers.count - 1) more item\(speakers.count == 2 ? "" : "s")"
            result += notes(catalog, language: other).map { note in
                Diagnostic(note.severity, note.message + " (\(who))", at: note.location, hint: note.hint)
            }
        }
        return result
    }

    static func notes(_ catalog: ThemeTextCatalog, language: String) -> [Diagnostic] {
        guard !catalog.english.isEmpty, LanguageTag.primary(language) != LanguageTag.english || language.contains("-") else {
            return []
        }
        let files = catalog.files(for: language)
        guard let file = files.first.flatMap({ catalog.files[$0] }) else {
            if LanguageTag.primary(language) == LanguageTag.english { return [] }
            return [.note("the theme has no text in '\(language)', so its words are shown in English",
                          at: SourceLocation(file: catalog.display + "/\(language).yml"),
                          hint: "translate \(catalog.display)/en.yml into \(catalog.display)/\(language).yml")]
        }
        let missing = catalog.untranslated(in: language)
        guard !missing.isEmpty else { return [] }
        let names = missing.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
        return [.note("\(missing.count == 1 ? "1 text is" : "\(missing.count) texts are") not translated here, so shown in English: \(names)",
                      at: SourceLocation(file: file), hint: "add \(missing.count == 1 ? "it" : "them") from \(catalog.display)/en.yml")]
    }
}
