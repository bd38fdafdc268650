@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The theme's own words in the site's language: `i18n/<language>.yml`, with BCP 47 fallbacks to
/// English, plural forms, and notes for what a language leaves untranslated.
@Suite struct ThemeTextTests {
    @Test(arguments: [
        ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "zh", "en"]), ("zh-TW", ["zh-TW", "zh-Hant", "zh", "en"]),
        ("zh", ["zh-Hans", "zh", "en"]), ("zh-CN", ["zh-CN", "zh-Hans", "zh", "en"]), ("fr-CA", ["fr-CA", "fr", "en"]),
        ("en", ["en"]), ("pt-BR", ["pt-BR", "pt", "en"]),
    ])
    func languagesFallBackToLessSpecificTagsThenEnglish(_ tag: String, _ chain: [String]) {
        #expect(LanguageTag.fallbacks(of: tag) == chain)
    }

    @Test(arguments: [
        ("en", 1, PluralCategory.one), ("en", 0, .other), ("en", 5, .other), ("de", 1, .one), ("es", 2, .other),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("pt-BR", 0, .one), ("ja", 1, .other), ("zh-Hant", 1, .other),
        ("ko", 1, .other), ("vi", 1, .other), ("ru", 21, .one), ("ru", 22, .few), ("ru", 25, .many), ("ru", 11, .many),
        ("pl", 1, .one), ("pl", 3, .few), ("pl", 12, .many),
    ])
    func numbersTakeTheirLanguagesPluralForm(_ language: String, _ count: Int, _ category: PluralCategory) {
        #expect(PluralCategory.of(count, in: language) == category)
    }

    @Test func placeholdersAreFilledAndTheFirstNumberChoosesTheForm() {
        let message = ThemeTextMessage(forms: [.one: "{n} minute, {title}", .other: "{n} minutes, {title}"])
        let values = ["n": "1", "title": "Dune"]
        #expect(message.render(language: "en") { values[$0] } == "1 minute, Dune")
        #expect(message.render(language: "en") { ["n": "5", "title": "Dune"][$0] } == "5 minutes, Dune")
        #expect(ThemeTextMessage(forms: [.other: "{ not a name } {x}{"]).render(language: "en") { _ in "!" } == "{ not a name } !{")
    }

    @Test func aFrenchSiteGetsTheThemesFrenchWordsAndDates() async throws {
        let site = try TemporarySite.scaffolded()
        let settings = try site.read("content/_index.md")
        try site.write([
            "content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: fr"),
            "content/posts/second.md": "---\ntitle: Deuxième\ndate: 2029-12-24\n---\n\n" + String(repeating: "mot ", count: 1000) + "\n",
        ])
        try await site.build()
        let post = try site.page("posts/hello-world/index.html")
        #expect(post.contains("<html lang=\"fr\">"))
        #expect(post.contains("<time datetime=\"2030-01-01T00:00:00Z\">1 janvier 2030</time><span class=\"dot\" aria-hidden=\"true\">·</span>1 min de lecture</p>"))
        #expect(post.contains("<p class=\"feeds\">S’abonner : "))
        #expect(post.contains("<span class=\"neighbour-label\">Suivant</span>"))
        #expect(post.contains("<a class=\"skip-link\" href=\"#main\">Aller au contenu</a>"))
        #expect(try site.page("posts/second/index.html").contains("5 min de lecture"))
        #expect(try site.page("404.html").contains("<h1>Page introuvable</h1>"))
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func countedTextsTakeTheFormTheirNumberAsks() async throws {
        let site = try TemporarySite.scaffolded([
            "content/posts/long.md": "---\ntitle: Long\ndate: 2029-12-24\n---\n\n" + String(repeating: "word ", count: 1000) + "\n",
        ])
        let english = try site.read("themes/default/i18n/en.yml")
        try site.write(["themes/default/i18n/en.yml": english.replacingOccurrences(
            of: "  one: \"{reading_time} min read\"\n  other: \"{reading_time} min read\"",
            with: "  one: \"one minute to read\"\n  other: \"{reading_time} minutes to read\"")])
        try await site.build()
        #expect(try site.page("posts/hello-world/index.html").contains("one minute to read</p>"))
        #expect(try site.page("posts/long/index.html").contains("5 minutes to read</p>"))
    }

    @Test(arguments: [("zh-TW", "閱讀時間約 1 分鐘"), ("zh", "阅读约需 1 分钟"), ("ja", "1分で読めます"), ("ko", "읽는 데 1분"),
                      ("vi", "1 phút đọc"), ("de-AT", "1 Min. Lesezeit"), ("es", "1 min de lectura")])
    func everyShippedLanguageIsFoundFromItsTag(_ language: String, _ minRead: String) async throws {
        let site = try TemporarySite.scaffolded()
        let settings = try site.read("content/_index.md")
        try site.write(["content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: \(language)")])
        try await site.build()
        #expect(try site.page("posts/hello-world/index.html").contains(minRead + "</p>"))
        #expect(await site.checkDiagnostics() == [])
    }

    @Test func aTextALanguageLeavesOutIsEnglishWithANoteFromCheck() async throws {
        let site = try TemporarySite.scaffolded()
        let settings = try site.read("content/_index.md")
        let french = try site.read("themes/default/i18n/fr.yml")
        try site.write([
            "content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: fr-CA"),
            "themes/default/i18n/fr.yml": french.replacingOccurrences(of: "previous_item: Précédent\n", with: "")
                .replacingOccurrences(of: "see_all: Tout voir\n", with: ""),
        ])
        try await site.build()
        #expect(try site.page("posts/hello-world/index.html").contains("1 min de lecture"))
        #expect(await site.checkDiagnostics() == [
            "themes/default/i18n/fr.yml:1:1: note: 2 texts are not translated here, so shown in English: 'previous_item', 'see_all'\n  hint: add them from themes/default/i18n/en.yml",
        ])
    }

    @Test func aLanguageTheThemeDoesNotSpeakIsEnglishWithANote() async throws {
        let site = try TemporarySite.scaffolded()
        let settings = try site.read("content/_index.md")
        try site.write(["content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: pt-BR")])
        try await site.build()
        #expect(try site.page("posts/hello-world/index.html").contains("1 min read</p>"))
        #expect(await site.checkDiagnostics() == [
            "themes/default/i18n/pt-BR.yml:1:1: note: the theme has no text in 'pt-BR', so its words are shown in English\n  hint: translate themes/default/i18n/en.yml into themes/default/i18n/pt-BR.yml",
        ])
    }

    @Test func mistakesInTextFilesAreReportedWhereTheyAre() async throws {
        let site = try TemporarySite.scaffolded([
            "themes/default/i18n/fr.yml": """
                previus: Précédent
                min_read: "{minutes} min"
                via:
                  oen: "via {via.host}"
                  other: "via {via.host}"
                next: {one: Suivant}
                """,
            "themes/default/i18n/français.yml": "next: Suivant\n",
        ])
        #expect(await site.diagnostics() == [
            "themes/default/i18n/fr.yml:1:1: warning: 'previus' is not a text of en.yml; did you mean 'previous'?\n  hint: every text is named in en.yml first; the others translate it",
            "themes/default/i18n/fr.yml:2:11: warning: '{minutes}' is not a placeholder of 'min_read' in en.yml\n  hint: its placeholders: {reading_time}",
            "themes/default/i18n/fr.yml:4:3: error: 'oen' is not a plural form; did you mean 'one'?\n  hint: plural forms: zero, one, two, few, many, other",
            "themes/default/i18n/fr.yml:6:7: error: the text 'next' has no 'other' form\n  hint: 'other' is the form every count falls back to",
            "themes/default/i18n/français.yml:1:1: error: 'français' is not a language tag\n  hint: name text files after their language: en.yml, fr.yml, pt-BR.yml, zh-Hant.yml",
        ])
    }

    @Test func aThemeWithTextsInOtherLanguagesNeedsEnglish() async throws {
        let site = try TemporarySite.scaffolded()
        try site.remove("themes/default/i18n/en.yml")
        let problems = await site.diagnostics()
        #expect(problems.contains("themes/default/i18n/en.yml:1:1: error: the theme's text has no English file\n  hint: add themes/default/i18n/en.yml: every other language falls back to it"))
    }
}
