/// The names of a Hugo site's content files as Hugo reads them: `post.md`, `post.en.md` in the
/// default language and `post.fr.md` in another are all the page `post`.
struct PageNames {
    var defaultLanguage: String
    var otherLanguages: Set<String>
    /// Languages the site turns off (`disableLanguages`, `disabled = true`): their pages are not published.
    var disabledLanguages: Set<String> = []

    /// The page name: the file name without its extension and without a language code of the site.
    func name(of file: String) -> String {
        let base = Leftovers.deletingExtension(file)
        guard let code = Self.code(of: file), code == defaultLanguage || otherLanguages.contains(code) else { return base }
        return Leftovers.deletingExtension(base)
    }

    /// The language of a translation (`post.fr.md` → `fr`); nil for a page of the default language.
    func otherLanguage(of file: String) -> String? {
        Self.code(of: file).flatMap { otherLanguages.contains($0) ? $0 : nil }
    }

    /// The language of a page of a disabled language (`post.fr.md` with `fr` turned off).
    func disabledLanguage(of file: String) -> String? {
        Self.code(of: file).flatMap { disabledLanguages.contains($0) ? $0 : nil }
    }

    /// `post.fr.md` → `fr`: the part before the extension, when it has the shape of a language code.
    private static func code(of file: String) -> String? {
        let parts = file.split(separator: ".")
        guard parts.count >= 3, let code = parts.dropLast().last, (2...3).contains(code.count) || code.contains("-") else { return nil }
        return code.lowercased()
    }
}
