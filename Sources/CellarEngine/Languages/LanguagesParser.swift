import CellarDiagnostics
import CellarTree
import Foundation

/// Reads `languages:` from the site settings: a list whose entries are a language tag (`vi`) or a
/// mapping with `code` and optionally `name`, `title`, `description`, `menu` and `weight`.
struct LanguagesParser {
    static let keys = ["code", "name", "title", "description", "menu", "weight"]
    static let example = """
        for example:
        language: en
        languages:
          - {code: en, name: English}
          - {code: vi, name: Tiếng Việt, title: Sổ tay}
        """

    /// - Parameters:
    ///   - defaultLanguage: the site's `language:` when it is written (checked); nil: the first listed.
    ///   - inSubdir: `default_language_in_subdir`: the default language's pages under `/<code>/` too.
    func parse(_ node: LocatedNode, defaultLanguage: String?, defaultLocation: SourceLocation?, inSubdir: Bool,
               diagnostics: inout DiagnosticBag) -> SiteLanguages {
        guard let entries = node.items else {
            if node.isNull { return SiteLanguages() }
            diagnostics.error("'languages' must be a list of languages, found \(node.shortDescription)", at: node.location,
                              hint: Self.example)
            return SiteLanguages()
        }
        var languages: [(SiteLanguage, SourceLocation?)] = []
        for entry in entries {
            guard let language = self.language(entry, diagnostics: &diagnostics) else { continue }
            if let first = languages.first(where: { $0.0.code == language.code }) {
                diagnostics.error("the language '\(language.code)' is listed twice", at: entry.location,
                                  hint: "it is first listed at line \(first.1?.line ?? 0); remove one")
                continue
            }
            languages.append((language, entry.location))
        }
        guard !languages.isEmpty else { return SiteLanguages() }
        var defaultCode = languages[0].0.code
        if let defaultLanguage {
            if languages.contains(where: { $0.0.code == defaultLanguage }) {
                defaultCode = defaultLanguage
            } else {
                diagnostics.error("the site's language '\(defaultLanguage)' is not among its languages ("
                                    + languages.map(\.0.code).joined(separator: ", ") + ")",
                                  at: defaultLocation ?? node.location,
                                  hint: "add {code: \(defaultLanguage), name: …} to languages:, or set language: to one of them")
            }
        }
        var all = languages.map(\.0)
        // By weight, then as written (a stable sort).
        all = all.enumerated().sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }.map(\.element)
        for index in all.indices {
            all[index].prefix = all[index].code == defaultCode && !inSubdir ? "" : Slug.make(all[index].code) + "/"
        }
        return SiteLanguages(all: all, defaultCode: defaultCode)
    }

    // MARK: - Private

    private func language(_ node: LocatedNode, diagnostics: inout DiagnosticBag) -> SiteLanguage? {
        if let text = node.scalar, !node.isNull {
            guard let code = SiteConfigLoader.language(text, at: node.location, diagnostics: &diagnostics) else { return nil }
            return SiteLanguage(code: code, name: Self.autonym(of: code), weight: 0, prefix: "")
        }
        guard let pairs = node.pairs else {
            diagnostics.error("a language must be a tag such as vi, or a mapping such as {code: vi, name: Tiếng Việt}, found \(node.shortDescription)",
                              at: node.location, hint: Self.example)
            return nil
        }
        var code: String?
        var language = SiteLanguage(code: "", name: "", weight: 0, prefix: "")
        var named = false
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            guard Self.keys.contains(key) else {
                diagnostics.error(
                    "unknown key '\(key)' in a language" + Suggestion.didYouMean(key, in: Self.keys),
                    at: pair.key.location, hint: "a language may have: " + Self.keys.joined(separator: ", "))
                continue
            }
            if key == "menu" {
                language.menu = MenuParser().parse(pair.value, diagnostics: &diagnostics)
                continue
            }
            guard let value = pair.value.scalar, !pair.value.isNull, !value.isEmpty else {
                diagnostics.error("'\(key)' of a language must be text, found \(pair.value.shortDescription)", at: pair.value.location)
                continue
            }
            switch key {
            case "code": code = SiteConfigLoader.language(value, at: pair.value.location, diagnostics: &diagnostics)
            case "name":
                language.name = value
                named = true
            case "title": language.title = value
            case "description": language.description = value
            default:
                guard let weight = Int(value) else {
                    diagnostics.error("'weight' of a language must be a whole number, found \"\(value)\"", at: pair.value.location)
                    continue
                }
                language.weight = weight
            }
        }
        guard let code else {
            if !pairs.contains(where: { $0.key.scalar == "code" }) {
                diagnostics.error("a language needs its code", at: node.location, hint: "for example: {code: vi, name: Tiếng Việt}")
            }
            return nil
        }
        language.code = code
        if !named { language.name = Self.autonym(of: code) }
        return language
    }

    /// The language's name in itself (`vi` → `Tiếng Việt`), else its code.
    static func autonym(of code: String) -> String {
        let locale = Locale(identifier: code)
        guard let name = locale.localizedString(forIdentifier: code), !name.isEmpty else { return code }
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
