import CellarDiagnostics
import Foundation

/// What is wrong with a `language:` setting, and the tags it was probably meant to be.
struct LanguageTagProblem: Error, Sendable, Equatable {
    /// A whole tag it may have been meant to be, with its language's English name when shown.
    struct Meant: Sendable, Equatable {
        var tag: String
        var name: String?
    }

    var message: String
    /// The tags it may have been meant to be, most likely first.
    var suggestions: [Meant]
    var hint: String

    init(message: String, suggestions: [(String, String?)], hint: String) {
        self.message = message
        self.suggestions = suggestions.map { Meant(tag: $0.0, name: $0.1) }
        self.hint = hint
    }

    /// The located error: `unknown language 'jp'; did you mean 'ja' (Japanese)?`.
    func diagnostic(at location: SourceLocation?) -> Diagnostic {
        let shown = suggestions.map { suggestion in
            "'\(suggestion.tag)'" + (suggestion.name.map { " (\($0))" } ?? "")
        }
        let question = switch shown.count {
        case 0: ""
        case 1: "; did you mean \(shown[0])?"
        default: "; did you mean " + shown.dropLast().joined(separator: ", ") + " or " + (shown.last ?? "") + "?"
        }
        return .error(message + question, at: location, hint: hint)
    }
}

/// BCP 47 (RFC 5646) checking: a tag is well-formed — a language, then optionally a script, a
/// region, variants, extensions and private use, joined by `-` — and names a language, script and
/// region that exist (as Foundation's ISO 639, ISO 15924 and ISO 3166 / UN M49 lists have them).
extension LanguageTag {
    /// Whether `tag` is a `language:` setting Cellar accepts (``checked(_:)`` finds no problem).
    package static func isAccepted(_ tag: String) -> Bool {
        if case .success = checked(tag) { return true }
        return false
    }

    /// Whether `text` has the shape of a language tag, letters and digits between hyphens (the
    /// names of theme text files: `en`, `zh-Hant`); ``checked(_:)`` is the whole rule.
    static func hasTagShape(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `tag` in its canonical case (`zh-hant-tw` → `zh-Hant-TW`), or what is wrong with it.
    static func checked(_ tag: String) -> Result<String, LanguageTagProblem> {
        if tag.contains("_") {
            let dashed = tag.replacingOccurrences(of: "_", with: "-")
            let fixed = (try? checked(dashed).get()).map { [($0, englishName(of: $0))] } ?? []
            return .failure(LanguageTagProblem(
                message: "'\(tag)' is not a language tag", suggestions: fixed,
                hint: "BCP 47 joins the parts of a tag with '-', not '_': ja, zh-Hant, pt-BR"))
        }
        if let code = Names.code(forName: tag) {
            return .failure(LanguageTagProblem(
                message: "'\(tag)' is the name of a language, not its tag", suggestions: [(code, nil)], hint: shapeHint))
        }
        guard let subtags = Subtags(tag) else {
            return .failure(LanguageTagProblem(message: "'\(tag)' is not a BCP 47 language tag", suggestions: [], hint: shapeHint))
        }
        if let problem = unknownLanguage(subtags, written: tag) { return .failure(problem) }
        if let script = subtags.script, !Locale.Script(script).isISOScript {
            return .failure(LanguageTagProblem(
                message: "unknown script '\(script)' in '\(tag)'",
                suggestions: closest(script, in: commonScripts).map { (subtags.replacing(script: $0), nil) },
                hint: "a script is four letters (ISO 15924): Hans and Hant for simplified and traditional Chinese, Latn, Cyrl, Arab…"))
        }
        if let region = subtags.region, !knownRegions.contains(region) {
            return .failure(LanguageTagProblem(
                message: "unknown region '\(region)' in '\(tag)'",
                suggestions: regionsMeant(by: region, language: subtags.language).map { (subtags.replacing(region: $0), nil) },
                hint: "a region is two letters (ISO 3166: JP, TW, VN) or three digits (UN M49: 419)"))
        }
        return .success(subtags.canonical)
    }

    /// The hint for a tag that is not one at all.
    static let shapeHint = "a language tag is a language code (ISO 639), then optionally a script and a region, "
        + "joined by '-': en, ja, vi, zh-Hans, zh-Hant-TW, pt-BR"

    // MARK: - Private

    /// A tag taken apart: its language (lower case), script (title case), region (upper case) and the rest.
    private struct Subtags {
        var language: String
        var extendedLanguage: String?
        var script: String?
        var region: String?
        var rest: [String] = []

        init?(_ tag: String) {
            let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
            guard let first = parts.first, Self.isAlpha(first, 2...3) || Self.isAlpha(first, 5...8) else { return nil }
            language = first
            var index = 1
            // Three letters after the language are an extended language (`zh-yue`) when they name one;
            // else they are taken for a misspelt script (`zh-Hnt`), which the script check reports.
            if index < parts.count, first.count <= 3, Self.isAlpha(parts[index], 3...3), LanguageTag.isKnownLanguage(parts[index]) {
                extendedLanguage = parts[index]
                index += 1
            }
            if index < parts.count, Self.isAlpha(parts[index], 3...4) {
                script = parts[index].prefix(1).uppercased() + parts[index].dropFirst()
                index += 1
            }
            if index < parts.count, Self.isAlpha(parts[index], 2...2) || Self.isDigits(parts[index], 3) {
                region = parts[index].uppercased()
                index += 1
            }
            // Variants, extensions (a singleton and its subtags) and private use (x-…): well-formed, kept as written.
            var singleton: String?
            for part in parts[index...] {
                let alphanumeric = !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                guard alphanumeric, part.count <= 8 else { return nil }
                if part.count == 1 {
                    singleton = part
                } else if singleton == nil {
                    let variant = part.count >= 5 || (part.count == 4 && part.first?.isNumber == true)
                    guard variant else { return nil }
                } else if singleton != "x", part.count < 2 {
                    return nil
                }
                rest.append(part)
            }
            if let singleton, rest.last == singleton { return nil }   // a singleton needs a subtag after it
        }

        var canonical: String {
            ([language, extendedLanguage, script, region].compactMap { $0 } + rest).joined(separator: "-")
        }

        func replacing(language: String) -> String {
            var copy = self
            copy.language = language
            return copy.canonical
        }

        func replacing(script: String) -> String {
            var copy = self
            copy.script = script
            return copy.canonical
        }

        func replacing(region: String) -> String {
            var copy = self
            copy.region = region
            return copy.canonical
        }

        private static func isAlpha(_ text: String, _ lengths: ClosedRange<Int>) -> Bool {
            lengths.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
        }

        private static func isDigits(_ text: String, _ length: Int) -> Bool {
            text.count == length && text.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// Why the language of `subtags` is not one, with the likely ones; nil when it is known.
    private static func unknownLanguage(_ subtags: Subtags, written: String) -> LanguageTagProblem? {
        let code = subtags.language
        let isPrivateUse = code.count == 3 && ("qaa"..."qtz").contains(code)
        if isPrivateUse || (isKnownLanguage(code) && !hasTwoLetterCode(code)) { return nil }
        let message = subtags.canonical == code ? "unknown language '\(code)'" : "unknown language '\(code)' in '\(written)'"
        // `jpn`: ISO 639-2, where BCP 47 takes the two-letter code.
        if let short = twoLetterCode(of: code) {
            return LanguageTagProblem(message: message, suggestions: [(subtags.replacing(language: short), englishName(of: short))],
                                      hint: "a language tag takes the two-letter ISO 639-1 code when there is one")
        }
        // `jp`, `cn`, `vn`: a country's code where the language's belongs.
        if code.count == 2, let likely = likelyLanguage(ofRegion: code.uppercased()) {
            let country = Locale(identifier: "en").localizedString(forRegionCode: code.uppercased()) ?? code.uppercased()
            let suggestion = subtags.region == nil ? likely : subtags.replacing(language: LanguageTag.primary(likely))
            return LanguageTagProblem(
                message: message, suggestions: [(suggestion, englishName(of: suggestion))],
                hint: "'\(code.uppercased())' is the region code of \(country); a tag starts with the language, and may add "
                    + "a region after it: \(likely)\(likely.contains("-") ? "" : ", \(likely)-\(code.uppercased())")")
        }
        let close = closest(code, in: likelyLanguages.filter { $0.count == code.count }, limit: 3)
        return LanguageTagProblem(
            message: message, suggestions: close.map { (subtags.replacing(language: $0), englishName(of: $0)) },
            hint: "a language tag starts with an ISO 639 language code: en, fr, ja, ko, vi, zh")
    }

    /// Every ISO 639 code Foundation lists (ICU's: two- and three-letter codes).
    private static let knownLanguages: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// Whether `code` names a language: Foundation lists it, or knows it by another code and has a
    /// name for it (`cmn`, Mandarin; `tl`, Tagalog). `und` (undetermined) names none.
    static func isKnownLanguage(_ code: String) -> Bool {
        if knownLanguages.contains(code) { return code != "und" }
        guard let name = Locale(identifier: "en").localizedString(forLanguageCode: code) else { return false }
        return name.lowercased() != code
    }

    /// The languages Foundation has data for (a locale of their own): the likely meant ones.
    private static let likelyLanguages: [String] = {
        let codes = Set(Locale.availableIdentifiers.map { String($0.prefix { $0 != "_" && $0 != "-" }).lowercased() })
        return codes.filter { knownLanguages.contains($0) }.sorted()
    }()

    private static let knownRegions: Set<String> = Set(Locale.Region.isoRegions.map { $0.identifier.uppercased() })

    private static let commonScripts = [
        "Arab", "Armn", "Beng", "Cyrl", "Deva", "Ethi", "Geor", "Grek", "Gujr", "Guru", "Hang", "Hans", "Hant", "Hebr",
        "Hira", "Jpan", "Kana", "Khmr", "Knda", "Kore", "Laoo", "Latn", "Mlym", "Mong", "Mymr", "Orya", "Sinh", "Taml",
        "Telu", "Thaa", "Thai", "Tibt",
    ]

    /// `jpn` → `ja`: the two-letter code of a three-letter one, when the language has one.
    private static func twoLetterCode(of code: String) -> String? {
        guard code.count == 3, let short = Locale.LanguageCode(code).identifier(.alpha2), short != code,
              knownLanguages.contains(short) else { return nil }
        return short
    }

    private static func hasTwoLetterCode(_ code: String) -> Bool { twoLetterCode(of: code) != nil }

    /// `JP` → `ja`, `TW` → `zh-TW`: the language most written in a region (CLDR's likely subtags).
    private static func likelyLanguage(ofRegion region: String) -> String? {
        guard knownRegions.contains(region) else { return nil }
        let likely = Locale.Language(identifier: "und-" + region)
        let maximal = Locale.Language(identifier: likely.maximalIdentifier)
        guard let language = maximal.languageCode?.identifier, language != "und" else { return nil }
        let minimal = likely.minimalIdentifier
        return minimal.hasPrefix("und") ? language : minimal
    }

    /// The regions `region` was probably meant to be for `language`: `UK` → `GB`; else the region the
    /// language is most written in and those one letter away where it has a locale of its own.
    private static func regionsMeant(by region: String, language: String) -> [String] {
        let reserved = ["UK": "GB", "EL": "GR"]   // ISO 3166's exceptional reservations
        if let meant = reserved[region] { return [meant] }
        var found: [String] = []
        let likely = Locale.Language(identifier: Locale.Language(identifier: language).maximalIdentifier).region?.identifier
        if let likely, knownRegions.contains(likely.uppercased()) { found.append(likely.uppercased()) }
        let ofLanguage = Set(Locale.availableIdentifiers.compactMap { identifier -> String? in
            let parts = identifier.split(separator: "_")
            guard parts.count >= 2, parts[0].lowercased() == language, let last = parts.last,
                  knownRegions.contains(String(last)) else { return nil }
            return String(last)
        })
        for close in closest(region, in: ofLanguage, limit: 2) where !found.contains(close) { found.append(close) }
        return Array(found.prefix(2))
    }

    /// The English name of a tag's language: "Japanese".
    static func englishName(of tag: String) -> String? {
        Locale(identifier: "en").localizedString(forLanguageCode: primary(tag))
    }

    /// The candidates one or two edits from `word` (by its length), nearest first, then alphabetically.
    private static func closest(_ word: String, in candidates: some Sequence<String>, limit: Int = 1) -> [String] {
        let target = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, min(2, target.count / 3))
        let ranked = candidates.compactMap { candidate -> (String, Int)? in
            let distance = Suggestion.editDistance(target, Array(candidate.lowercased().unicodeScalars))
            return distance <= allowed ? (candidate, distance) : nil
        }
        return ranked.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Languages by name — in English and in their own words ("Japanese", "日本語", "Tiếng Việt").
    private enum Names {
        static func code(forName name: String) -> String? {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard key.count > 3 || !key.allSatisfy(\.isASCII) else { return nil }
            return byName[key]
        }

        private static let byName: [String: String] = {
            var names: [String: String] = [:]
            let english = Locale(identifier: "en")
            for code in likelyLanguages {
                if let name = english.localizedString(forLanguageCode: code)?.lowercased(), names[name] == nil { names[name] = code }
                if let own = Locale(identifier: code).localizedString(forLanguageCode: code)?.lowercased(), names[own] == nil {
                    names[own] = code
                }
            }
            return names
        }()
    }
}
