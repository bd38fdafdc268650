@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `language:` of an item (or of its section) overrides the site's for that item: its page's
/// `lang`, its dates, its reading time and the theme's words; lists mark its cell with `lang`,
/// feeds its entry. A tag that is no language is an error where it is written.
@Suite struct ItemLanguageTests {
    /// A Japanese site (as in the issue) with posts in Japanese, Chinese and Vietnamese, and a
    /// section of notes whose items are in traditional Chinese unless they say otherwise.
    private func site(_ extra: [String: String] = [:]) throws -> TemporarySite {
        let site = try TemporarySite.scaffolded()
        let settings = try site.read("content/_index.md")
        try site.write([
            "content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: ja"),
            "content/posts/hello-world.md": "---\ntitle: はじめまして\ndate: 2029-12-20\n---\n\n"
                + String(repeating: "古い写真を整理していたら、祖母の手紙が出てきた。", count: 21) + "\n",
            "content/posts/tea.md": "---\ntitle: 河边的茶馆\ndate: 2029-12-22\nlanguage: zh-hans\n---\n\n"
                + String(repeating: "我们在河边找了一家小茶馆，一直聊到天黑。", count: 19) + "\n",
            "content/posts/market.md": "---\ntitle: Chợ sáng\ndate: 2029-12-24\nlanguage: vi\n---\n\n"
                + "Sáng nay tôi đạp xe qua cầu để mua bánh mì ở chợ.\n",
            "content/notes/_index.md": "---\ntitle: 筆記\nkind: article\nlanguage: zh-Hant\n---\n",
            "content/notes/street.md": "---\ntitle: 老街\ndate: 2029-12-21\n---\n\n這座城市的老街在雨後特別安靜。\n",
            "content/notes/reply.md": "---\ntitle: 返事\ndate: 2029-12-23\nlanguage: ja\n---\n\n返事が遅くなってすみません。\n",
        ].merging(extra) { $1 })
        return site
    }

    @Test func anItemsPageIsInItsLanguage() async throws {
        let site = try site()
        try await site.build()
        let tea = try site.page("posts/tea/index.html")
        #expect(tea.contains("<html lang=\"zh-Hans\">"))
        #expect(tea.contains("<a class=\"skip-link\" href=\"#main\">跳到正文</a>"))
        // 342 Han characters at Chinese speed, 330 a minute: 2 minutes (at the site's Japanese rate it would be 1).
        #expect(tea.contains("<time datetime=\"2029-12-22T00:00:00Z\">2029年12月22日</time><span class=\"dot\" aria-hidden=\"true\">·</span>阅读约需 2 分钟</p>"))
        let market = try site.page("posts/market/index.html")
        #expect(market.contains("<html lang=\"vi\">"))
        #expect(market.contains(">ngày 24 tháng 12, 2029</time><span class=\"dot\" aria-hidden=\"true\">·</span>1 phút đọc</p>"))
        let hello = try site.page("posts/hello-world/index.html")
        #expect(hello.contains("<html lang=\"ja\">"))
        #expect(hello.contains(">2029年12月20日</time><span class=\"dot\" aria-hidden=\"true\">·</span>2分で読めます</p>"))   // 462 characters
        let checked = await site.checkDiagnostics()
        #expect(checked == [])
    }

    @Test func aSectionsLanguageIsItsItemsUnlessTheySayOtherwise() async throws {
        let site = try site()
        try await site.build()
        let street = try site.page("notes/street/index.html")
        #expect(street.contains("<html lang=\"zh-Hant\">"))
        #expect(street.contains("閱讀時間約 1 分鐘</p>"))
        #expect(try site.page("notes/reply/index.html").contains("<html lang=\"ja\">"))
    }

    @Test func aListInTheSitesLanguageMarksTheCellsOfItemsInAnother() async throws {
        let site = try site()
        try await site.build()
        let posts = try site.page("posts/index.html")
        #expect(posts.contains("<html lang=\"ja\">"))
        #expect(posts.contains("<article class=\"cell cell-article\" id=\"item-posts-tea\" lang=\"zh-Hans\">"))
        #expect(posts.contains("<article class=\"cell cell-article\" id=\"item-posts-market\" lang=\"vi\">"))
        #expect(posts.contains("<article class=\"cell cell-article\" id=\"item-posts-hello-world\">"))
        // Each cell's words are its own language's.
        let tea = try #require(HTML.slices(of: posts, between: "id=\"item-posts-tea\"", and: "</article>").first)
        #expect(tea.contains("阅读约需 2 分钟</p>"))
        let notes = try site.page("notes/index.html")
        #expect(notes.contains("<article class=\"cell cell-article\" id=\"item-notes-street\" lang=\"zh-Hant\">"))
        #expect(notes.contains("<article class=\"cell cell-article\" id=\"item-notes-reply\">"))   // Japanese, as the site
        #expect(try site.page("index.html").contains("id=\"item-posts-market\" lang=\"vi\">"))
    }

    @Test func neighboursInAnotherLanguageThanThePageSaySo() async throws {
        let site = try site()
        try await site.build()
        // The Vietnamese post's page (in Vietnamese): the label is the page's word, in Vietnamese; the
        // older, Chinese post's title after it is marked as Chinese.
        let market = try site.page("posts/market/index.html")
        #expect(market.contains("<nav class=\"neighbours wrap narrow\" aria-label=\"Thêm trong mục này\">"))
        #expect(market.contains("<a class=\"neighbour neighbour-next\" rel=\"next\" href=\"/posts/tea/\">"
            + "<span class=\"neighbour-label\">Bài tiếp theo</span><span class=\"neighbour-title\" lang=\"zh-Hans\">河边的茶馆</span></a>"))
        // The Chinese one's page: the Japanese post after it is in the site's language, not the page's.
        #expect(try site.page("posts/tea/index.html").contains(
            "rel=\"next\" href=\"/posts/hello-world/\"><span class=\"neighbour-label\">下一篇</span><span class=\"neighbour-title\" lang=\"ja\">"))
    }

    @Test func feedsMarkEntriesInAnotherLanguageThanTheFeeds() async throws {
        let site = try site()
        try await site.build()
        let atom = try #require(site.output("posts/feed.xml"))
        #expect(atom.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"ja\">"))
        #expect(atom.contains("<entry xml:lang=\"zh-Hans\">\n<title>河边的茶馆</title>"))
        #expect(atom.contains("<entry>\n<title>はじめまして</title>"))
        let json = try #require(site.output("posts/feed.json"))
        #expect(json.contains("\"language\": \"vi\",\n      \"date_published\""))
    }

    @Test func anUnknownLanguageIsAnErrorWhereItIsWritten() async throws {
        let site = try site([
            "content/posts/tea.md": "---\ntitle: 茶馆\ndate: 2029-12-22\nlanguage: cn\n---\n\n好茶。\n",
            "content/posts/market.md": "---\ntitle: Chợ\ndate: 2029-12-24\nlanguage: Vietnamese\n---\n\nChợ đông.\n",
        ])
        await site.expectFailure([
            "content/posts/market.md:4:11: error: 'Vietnamese' is the name of a language, not its tag; did you mean 'vi'?\n"
                + "  hint: \(LanguageTag.shapeHint)",
            "content/posts/tea.md:4:11: error: unknown language 'cn'; did you mean 'zh' (Chinese)?\n"
                + "  hint: 'CN' is the region code of China mainland; a tag starts with the language, and may add a region after it: zh, zh-CN",
        ])
    }

    @Test func anUnknownLanguageOfASectionIsAnErrorInItsSettings() async throws {
        let site = try site(["content/notes/_index.md": "---\ntitle: 筆記\nkind: article\nlanguage: zh_Hant\n---\n"])
        await site.expectFailure([
            "content/notes/_index.md:4:11: error: 'zh_Hant' is not a language tag; did you mean 'zh-Hant' (Chinese)?\n"
                + "  hint: BCP 47 joins the parts of a tag with '-', not '_': ja, zh-Hant, pt-BR",
        ])
    }

    @Test func checkNotesItemLanguagesTheThemeHasNoWordsFor() async throws {
        let thai = "---\ntitle: ตลาดน้ำ\ndate: 2029-12-18\nlanguage: th\n---\n\nเช้านี้เราไปตลาดน้ำกัน\n"
        let site = try site(["content/posts/thai.md": thai, "content/notes/thai.md": thai])
        #expect(await site.checkDiagnostics() == [
            "themes/default/i18n/th.yml:1:1: note: the theme has no text in 'th', so its words are shown in English "
                + "(the language of content/notes/thai.md and 1 more item)\n"
                + "  hint: translate themes/default/i18n/en.yml into themes/default/i18n/th.yml",
        ])
        try await site.build()
        #expect(try site.page("posts/thai/index.html").contains("<html lang=\"th\">"))
        #expect(try site.page("posts/thai/index.html").contains("1 min read</p>"))
    }

    @Test func templatesAreGivenTheItemsLanguage() async throws {
        let site = try site([
            "themes/default/cells/article.html": "<p class=\"probe\">{{language}}|{{#has_own_language}}own{{/has_own_language}}|{{word_count}}|{{code_words}}</p>\n",
            "content/posts/code.md": "---\ntitle: コード\ndate: 2029-12-19\n---\n\n`let x = 1` を書く。\n",
        ])
        try await site.build()
        let posts = try site.page("posts/index.html")
        #expect(posts.contains("<p class=\"probe\">zh-Hans|own|342|0</p>"))
        #expect(posts.contains("<p class=\"probe\">ja||462|0</p>"))
        #expect(posts.contains("<p class=\"probe\">ja||3|4</p>"))   // を書く: 3 characters; the code span: 4 words
    }
}
