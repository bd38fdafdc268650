import CellarMarkdown
import Testing

/// A line wrapped in the source between two Chinese or Japanese characters runs on without a space
/// (CSS Text's segment break rule): in the HTML, the summary and the headings. Between words of
/// spaced scripts — Latin, Vietnamese, Korean — the break stays.
@Suite struct CJKLineJoinTests {
    private func render(_ markdown: String) -> MarkdownDocument {
        MarkdownRenderer().render(markdown)
    }

    @Test func japaneseAndChineseLinesJoin() {
        let japanese = render("雨が上がったので、\n川沿いを散歩した。\n")
        #expect(japanese.html == "<p>雨が上がったので、川沿いを散歩した。</p>\n")
        #expect(japanese.firstParagraph == "雨が上がったので、川沿いを散歩した。")
        let chinese = render("我们在河边\n找了一家小茶馆。\n")
        #expect(chinese.html == "<p>我们在河边找了一家小茶馆。</p>\n")
        #expect(chinese.counts.hanCharacters == 12)
    }

    @Test func emphasisAndLinksAtTheEdgesJoinToo() {
        #expect(render("*東京*\n[大阪](https://example.org/)へ行く。\n").html
                == "<p><em>東京</em><a href=\"https://example.org/\">大阪</a>へ行く。</p>\n")
    }

    @Test(arguments: [
        ("Hello\nworld\n", "<p>Hello\nworld</p>\n"),
        ("Tôi đi\nchợ.\n", "<p>Tôi đi\nchợ.</p>\n"),
        ("비가 와서\n집에 있었다.\n", "<p>비가 와서\n집에 있었다.</p>\n"),
        ("東京\nTokyo\n", "<p>東京\nTokyo</p>\n"),
        ("東京  \n大阪\n", "<p>東京<br />\n大阪</p>\n"),   // a hard break is the author's
    ])
    func otherBreaksStay(_ markdown: String, _ html: String) {
        #expect(render(markdown).html == html)
    }

    @Test func headingsJoinAsWell() {
        let document = render("東京の\n天気\n===\n")
        #expect(document.headings.first?.text == "東京の天気")
    }
}
