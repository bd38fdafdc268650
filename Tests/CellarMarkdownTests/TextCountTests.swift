import CellarMarkdown
import Testing

/// Words and characters by script: prose words, Han, kana, and words in code.
@Suite struct TextCountTests {
    private func counts(_ markdown: String) -> MarkdownTextCounts {
        MarkdownRenderer().render(markdown).counts
    }

    @Test func english() {
        #expect(counts("The quick brown fox -- it *jumps* over the lazy dog's back.")
                == MarkdownTextCounts(proseWords: 11))
    }

    @Test func japaneseMixesKanjiKanaAndLatin() {
        // Han: 東京 静的 作 (5); kana: は で サイト を り ます (9); one Latin word; 。 is punctuation.
        let result = counts("東京はCellarで静的サイトを作ります。")
        #expect(result == MarkdownTextCounts(proseWords: 1, hanCharacters: 5, kanaCharacters: 9))
        #expect(result.cjkCharacters == 14)
        // The prolonged sound mark is kana, the middle dot is punctuation.
        #expect(counts("コーヒー・ブレイク") == MarkdownTextCounts(kanaCharacters: 8))
    }

    @Test func chinese() {
        #expect(counts("我们用 Swift 写了一个静态网站生成器。") == MarkdownTextCounts(proseWords: 1, hanCharacters: 14))
    }

    @Test func vietnameseCountsSyllablesAsWords() {
        #expect(counts("Tiếng Việt được viết bằng chữ Quốc ngữ.") == MarkdownTextCounts(proseWords: 8))
    }

    @Test func koreanHangulIsWrittenInSpacedWords() {
        #expect(counts("정적 사이트 생성기를 만들었습니다.") == MarkdownTextCounts(proseWords: 4))
    }

    @Test func codeIsCountedApart() {
        let result = counts("Call `render(_:)` now.\n\n```swift\nlet x = 1 // 東京\n```\n")
        #expect(result == MarkdownTextCounts(proseWords: 2, codeWords: 7))   // render(_:) | let x = 1 // 東京
        #expect(MarkdownRenderer().render("Call `render(_:)` now.").wordCount == 3)
    }

    @Test func punctuationAloneIsNoWord() {
        #expect(counts("Hello — world , ! 「こんにちは」") == MarkdownTextCounts(proseWords: 2, kanaCharacters: 5))
    }

    @Test func wordsRunAcrossInlineMarkupButNotAcrossBreaks() {
        #expect(counts("*emph*asis and **bo**ld\nnext").proseWords == 4)
        #expect(counts("| 東京 | Tokyo |\n| - | - |\n| 大阪 | Osaka |\n") == MarkdownTextCounts(proseWords: 2, hanCharacters: 4))
    }
}
