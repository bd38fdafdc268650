import CellarDiagnostics
import CellarFiles
import Foundation

/// One language of a multilingual site, from `languages:` in the site settings.
package struct SiteLanguage: Sendable, Hashable {
    /// BCP 47 tag in canonical case (`vi`, `zh-Hant`): the suffix of its files (`post.vi.md`) and its pages' `lang`.
    package var code: String
    /// How the language switcher names it, in the language itself (`Tiếng Việt`).
    package var name: String
    /// The site's title, description and menu in this language (nil: the site's).
    package var title: String?
    package var description: String?
    package var menu: [MenuEntry]?
    package var weight: Int
    /// Where its pages are, from the site's root: `vi/`, or `""` for the default language (unless
    /// `default_language_in_subdir: true`).
    package var prefix: String
}

/// The site's languages: empty for a site in one language (then nothing here changes a build).
package struct SiteLanguages: Sendable, Hashable {
    /// In the order the switcher lists them: by `weight`, then as written.
    package var all: [SiteLanguage] = []
    /// The language of unsuffixed files (`post.md`): the site's `language:`.
    var defaultCode: String = "en"

    var isMultilingual: Bool { !all.isEmpty }

    package func language(_ code: String) -> SiteLanguage? {
        all.first { $0.code == code }
    }

    /// Where the pages of `code` are: `vi/`, or `""`.
    package func prefix(of code: String) -> String {
        language(code)?.prefix ?? ""
    }

    /// The language a content file is in by its name, and the name without it:
    /// `post.vi.md` → (`vi`, `post.md`); `post.md` → nil. Only the site's languages count
    /// (`v1.2.md` is no translation).
    package func suffix(of fileName: String) -> (code: String, base: String)? {
        guard isMultilingual, fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let written = stem[stem.index(after: dot)...].lowercased()
        guard let language = all.first(where: { $0.code.lowercased() == written }) else { return nil }
        return (language.code, String(stem[..<dot]) + ".md")
    }

    /// A content path without its language suffix: `blog/post.vi.md` → `blog/post.md` (what links
    /// a translation to the item it translates, unless the item names a `translation_key`).
    func translationPath(of contentPath: String) -> (code: String, path: String)? {
        let name = Paths.lastComponent(of: contentPath)
        guard let (code, base) = suffix(of: name) else { return nil }
        return (code, Paths.join(Paths.parent(of: contentPath), base))
    }

    /// `_index.vi.md`: a section's (or the home's) words in another language, not an item.
    func isIndexTranslation(_ contentPath: String) -> Bool {
        guard let (_, base) = suffix(of: Paths.lastComponent(of: contentPath)) else { return false }
        return base == "_index.md"
    }
}
