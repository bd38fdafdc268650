@testable import CellarEngine
import Testing

/// `language:` values are BCP 47 tags: well-formed, naming a language, script and region that
/// exist, kept in canonical case; a mistake gets the tags it was likely meant to be.
@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("ja", "ja"), ("JA", "ja"), ("zh-hant-tw", "zh-Hant-TW"), ("ZH-HANS", "zh-Hans"), ("vi-vn", "vi-VN"),
        ("ko-KR", "ko-KR"), ("es-419", "es-419"), ("sr-latn-rs", "sr-Latn-RS"), ("de-CH-1996", "de-CH-1996"),
        ("yue-Hant-HK", "yue-Hant-HK"), ("en-x-house", "en-x-house"), ("cmn", "cmn"), ("tl", "tl"),
    ])
    func wellFormedTagsOfKnownLanguagesAreKeptInCanonicalCase(_ written: String, _ canonical: String) throws {
        #expect(try LanguageTag.checked(written).get() == canonical)
    }

    private func problem(_ tag: String) -> String? {
        guard case .failure(let problem) = LanguageTag.checked(tag) else { return nil }
        return problem.diagnostic(at: nil).description
    }

    @Test func aCountrysCodeWhereTheLanguagesBelongsSuggestsItsLanguage() {
        #expect(problem("jp") == """
            error: unknown language 'jp'; did you mean 'ja' (Japanese)?
              hint: 'JP' is the region code of Japan; a tag starts with the language, and may add a region after it: ja, ja-JP
            """)
        #expect(problem("vn") == """
            error: unknown language 'vn'; did you mean 'vi' (Vietnamese)?
              hint: 'VN' is the region code of Vietnam; a tag starts with the language, and may add a region after it: vi, vi-VN
            """)
        #expect(problem("jp-JP")?.hasPrefix("error: unknown language 'jp' in 'jp-JP'; did you mean 'ja-JP' (Japanese)?\n") == true)
        // Taiwan's likely language comes with its region: Chinese as written in Taiwan.
        #expect(problem("cn")?.hasPrefix("error: unknown language 'cn'; did you mean 'zh' (Chinese)?\n") == true)
    }

    @Test func threeLetterCodesOfLanguagesWithTwoLetterOnesSuggestThose() {
        #expect(problem("jpn") == """
            error: unknown language 'jpn'; did you mean 'ja' (Japanese)?
              hint: a language tag takes the two-letter ISO 639-1 code when there is one
            """)
        #expect(problem("vie-VN")?.hasPrefix("error: unknown language 'vie' in 'vie-VN'; did you mean 'vi-VN' (Vietnamese)?") == true)
    }

    @Test(arguments: [("Japanese", "ja"), ("日本語", "ja"), ("中文", "zh"), ("Tiếng Việt", "vi"), ("한국어", "ko"), ("korean", "ko")])
    func aLanguagesNameSuggestsItsCode(_ name: String, _ code: String) {
        #expect(problem(name) == """
            error: '\(name)' is the name of a language, not its tag; did you mean '\(code)'?
              hint: \(LanguageTag.shapeHint)
            """)
    }

    @Test func underscoresAreDashes() {
        #expect(problem("zh_Hant_TW") == """
            error: 'zh_Hant_TW' is not a language tag; did you mean 'zh-Hant-TW' (Chinese)?
              hint: BCP 47 joins the parts of a tag with '-', not '_': ja, zh-Hant, pt-BR
            """)
    }

    @Test func misspeltScriptsAndRegionsAreNamed() {
        #expect(problem("zh-Hnat") == """
            error: unknown script 'Hnat' in 'zh-Hnat'; did you mean 'zh-Hant'?
              hint: a script is four letters (ISO 15924): Hans and Hant for simplified and traditional Chinese, Latn, Cyrl, Arab…
            """)
        #expect(problem("zh-Hnt")?.hasPrefix("error: unknown script 'Hnt' in 'zh-Hnt'; did you mean 'zh-Hant'?") == true)
        #expect(problem("ja-JA") == """
            error: unknown region 'JA' in 'ja-JA'; did you mean 'ja-JP'?
              hint: a region is two letters (ISO 3166: JP, TW, VN) or three digits (UN M49: 419)
            """)
        #expect(problem("en-UK")?.hasPrefix("error: unknown region 'UK' in 'en-UK'; did you mean 'en-GB'?") == true)
    }

    @Test func anUnknownCodeListsTheCloseOnes() {
        #expect(problem("xz") == """
            error: unknown language 'xz'; did you mean 'az' (Azerbaijani), 'dz' (Dzongkha) or 'uz' (Uzbek)?
              hint: a language tag starts with an ISO 639 language code: en, fr, ja, ko, vi, zh
            """)
        #expect(problem("und")?.hasPrefix("error: unknown language 'und'") == true)   // "undetermined" is no language to write in
    }

    @Test(arguments: ["e", "123", "en-", "en--US", "fr CA", "en-a", "x-private", "toolonglanguage"])
    func malformedTagsAreNotTags(_ tag: String) {
        #expect(problem(tag) == "error: '\(tag)' is not a BCP 47 language tag\n  hint: \(LanguageTag.shapeHint)")
    }
}
