import CellarDiagnostics
import CellarFiles
import CellarTree
import CellarYAML

/// Reads `themes/<theme>/i18n/*.yml` (each from the site's `i18n/` when it has one): one file per
/// language, each a mapping of text names to a text, or to its plural forms. English is the base
/// every other language falls back to.
struct ThemeTextLoader {
    var files: ThemeFiles
    /// The theme's `i18n/` folder as shown in messages.
    var display: String

    func load(diagnostics: inout DiagnosticBag) -> ThemeTextCatalog {
        var catalog = ThemeTextCatalog.empty(display: display)
        var nodes: [String: LocatedNode] = [:]
        let rule = ThemeFileNameRule(accepts: LanguageTag.hasTagShape, problem: "is not a language tag",
                                     hint: "name text files after their language: en.yml, fr.yml, pt-BR.yml, zh-Hant.yml")
        for (language, file) in files.yamlFiles(in: "i18n", named: rule, diagnostics: &diagnostics) {
            let shown = file.display
            do throws(Diagnostic) {
                let text = try SourceLoader.text(at: file.path, display: shown)
                guard let node = try YAMLParser().parse(text, file: shown) else { continue }
                nodes[language] = node
                catalog.files[language] = shown
            } catch {
                diagnostics.append(error)
            }
        }
        for (language, node) in nodes {
            catalog.languages[language] = messages(node, diagnostics: &diagnostics)
        }
        guard !catalog.languages.isEmpty else { return catalog }
        guard let english = catalog.languages[LanguageTag.english] else {
            diagnostics.error("the theme's text has no English file", at: SourceLocation(file: display + "/en.yml"),
                              hint: "add \(display)/en.yml: every other language falls back to it")
            return catalog
        }
        for (language, node) in nodes where language != LanguageTag.english {
            compare(node, with: english, diagnostics: &diagnostics)
        }
        return catalog
    }

    // MARK: - Private

    private func messages(_ node: LocatedNode, diagnostics: inout DiagnosticBag) -> [String: ThemeTextMessage] {
        guard let pairs = node.pairs else {
            if !node.isNull {
                diagnostics.error("a text file must map names to texts, found \(node.shortDescription)", at: node.location,
                                  hint: "for example:\nprevious: Previous\nmin_read: {one: \"{reading_time} min read\", other: \"{reading_time} min read\"}")
            }
            return [:]
        }
        var messages: [String: ThemeTextMessage] = [:]
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            guard ThemeTextMessage.isName(Substring(key)), !key.contains(".") else {
                diagnostics.error("'\(key)' is not a valid text name", at: pair.key.location,
                                  hint: "use letters, digits and '_', starting with a letter")
                continue
            }
            if let message = message(pair.value, key: key, diagnostics: &diagnostics) { messages[key] = message }
        }
        return messages
    }

    private func message(_ node: LocatedNode, key: String, diagnostics: inout DiagnosticBag) -> ThemeTextMessage? {
        if let text = node.scalar, !node.isNull { return ThemeTextMessage(forms: [.other: text]) }
        guard let pairs = node.pairs else {
            diagnostics.error("the text '\(key)' must be a string, or plural forms such as {one: …, other: …}; found \(node.shortDescription)",
                              at: node.location)
            return nil
        }
        var forms: [PluralCategory: String] = [:]
        let names = PluralCategory.allCases.map(\.rawValue)
        for pair in pairs {
            let name = pair.key.scalar ?? ""
            guard let category = PluralCategory(rawValue: name) else {
                diagnostics.error(
                    "'\(name)' is not a plural form" + Suggestion.didYouMean(name, in: names),
                    at: pair.key.location, hint: "plural forms: " + names.joined(separator: ", "))
                continue
            }
            guard let text = pair.value.scalar, !pair.value.isNull else {
                diagnostics.error("the '\(name)' form of '\(key)' must be a string, found \(pair.value.shortDescription)",
                                  at: pair.value.location)
                continue
            }
            forms[category] = text
        }
        guard forms[.other] != nil else {
            diagnostics.error("the text '\(key)' has no 'other' form", at: node.location,
                              hint: "'other' is the form every count falls back to")
            return nil
        }
        return ThemeTextMessage(forms: forms)
    }

    /// A translation names only texts English has, and only English's placeholders.
    private func compare(_ node: LocatedNode, with english: [String: ThemeTextMessage], diagnostics: inout DiagnosticBag) {
        for pair in node.pairs ?? [] {
            guard let key = pair.key.scalar else { continue }
            guard let base = english[key] else {
                diagnostics.warning(
                    "'\(key)' is not a text of en.yml" + Suggestion.didYouMean(key, in: english.keys),
                    at: pair.key.location, hint: "every text is named in en.yml first; the others translate it")
                continue
            }
            let known = Set(base.placeholders)
            var found = DiagnosticBag()
            guard let message = message(pair.value, key: key, diagnostics: &found) else { continue }
            for name in message.placeholders where !known.contains(name) {
                diagnostics.warning(
                    "'{\(name)}' is not a placeholder of '\(key)' in en.yml"
                        + (Suggestion.closest(to: name, in: known).map { "; did you mean '{\($0)}'?" } ?? ""),
                    at: pair.value.location,
                    hint: known.isEmpty ? "the English text has no placeholders"
                        : "its placeholders: " + base.placeholders.map { "{\($0)}" }.joined(separator: ", "))
            }
        }
    }
}
