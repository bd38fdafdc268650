import CellarDiagnostics
import CellarFiles
import CellarOutput

/// How much of a multilingual site one of its other languages has: of the default language's
/// published items, those with a version in it and those without. A build says it in one line per
/// language (never a warning per item); `cellar check --require-language vi` makes each missing
/// version an error.
package struct TranslationCoverage: Sendable, Hashable {
    package var language: String
    package var name: String
    /// Items of the default language with a version in this one.
    package var translated: Int
    /// Items of the default language.
    package var total: Int
    /// The default language's items without a version in this one, as shown in messages
    /// (`content/blog/rain.md`), in path order.
    package var missing: [String]
    /// The missing items' ids and where their translation would go (`blog/rain.vi.md`), in the same order.
    package var expected: [(id: String, path: String)]

    package static func == (lhs: TranslationCoverage, rhs: TranslationCoverage) -> Bool {
        (lhs.language, lhs.translated, lhs.total, lhs.missing) == (rhs.language, rhs.translated, rhs.total, rhs.missing)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(missing)
    }

    /// Each language but the default, in the site's order (empty for a site in one language).
    static func of(_ model: SiteModel) -> [TranslationCoverage] {
        let languages = model.config.languages
        guard languages.isMultilingual else { return [] }
        let originals = model.items.filter { $0.siteLanguage == languages.defaultCode }.sorted { $0.id < $1.id }
        return languages.all.filter { $0.code != languages.defaultCode }.map { language in
            let keys = Set(model.items.lazy.filter { $0.siteLanguage == language.code }.map(\.translationKey))
            let without = originals.filter { !keys.contains($0.translationKey) }
            return TranslationCoverage(
                language: language.code, name: language.name, translated: originals.count - without.count, total: originals.count,
                missing: without.map(\.file),
                expected: without.map { ($0.id, Self.translationPath(of: $0, in: language.code)) })
        }
    }

    /// Where an item's translation goes: `blog/rain.vi.md` beside `blog/rain.md`.
    static func translationPath(of item: ContentItem, in code: String) -> String {
        Paths.deletingExtension(item.id) + "." + code + ".md"   // a bundle's: index.vi.md beside its index.md
    }

    /// `cellar check --require-language vi`: an error at each item without a Vietnamese version.
    static func requirements(_ code: String, model: SiteModel, layout: SiteLayout) -> [Diagnostic] {
        let languages = model.config.languages
        guard let language = languages.language(code), code != languages.defaultCode else {
            let known = languages.all.map(\.code)
            let why = known.isEmpty ? "the site has no languages: setting"
                : code == languages.defaultCode ? "'\(code)' is the site's default language"
                : "the site has no language '\(code)'"
            return [.error("--require-language \(code): \(why)", at: model.config.locations["languages"] ?? SourceLocation(file: model.config.file),
                           hint: known.isEmpty ? "list the site's languages under languages: in \(model.config.file)"
                             : "its other languages: " + known.filter { $0 != languages.defaultCode }.joined(separator: ", "))]
        }
        guard let coverage = of(model).first(where: { $0.language == code }) else { return [] }
        return zip(coverage.missing, coverage.expected).map { file, expected in
            .error("this item has no \(language.name) (\(code)) version", at: SourceLocation(file: file),
                   hint: "write \(layout.display(contentPath: expected.path)), or give its translation translation_key: \(model.itemsByID[expected.id]?.translationKey ?? expected.id)")
        }
    }
}
