@testable import CellarEngine
import Testing

/// Summaries cut from a long first paragraph end at a sentence end of their script — `。！？` as
/// well as `.!?` — else at a word or between two CJK characters with an ellipsis, never inside a
/// character; a CJK character weighs two.
@Suite struct SummaryClipTests {
    @Test func shortTextIsLeftAlone() {
        #expect(SummaryClip.clip("雨の日は家で本を読む。", to: 22) == "雨の日は家で本を読む。")   // 11 characters, weight 22
        #expect(SummaryClip.clip("A short one.", to: 280) == "A short one.")
    }

    @Test func japaneseIsCutAfterTheLastFullStopThatFits() {
        let text = "朝の市場はもう始まっていた。魚屋の声が通りに響く。少し歩くと、湯気の立つ屋台が見えてきた。"
        // 14 + 11 characters end the second sentence: weight 50; the third would end at 90.
        #expect(SummaryClip.clip(text, to: 60) == "朝の市場はもう始まっていた。魚屋の声が通りに響く。")
    }

    @Test func closingQuotesStayWithTheirSentence() {
        let text = "店主は「また来てね！」と笑った。私は手を振って、駅までの坂道をゆっくり下りていった。"
        #expect(SummaryClip.clip(text, to: 40) == "店主は「また来てね！」と笑った。")
        #expect(SummaryClip.clip(text, to: 24) == "店主は「また来てね！」")
    }

    @Test func chineseQuestionAndExclamationMarksEndSentences() {
        let text = "你今天去图书馆了吗？我去了！那里的新书架真漂亮，可惜人太多，找不到地方坐。"
        #expect(SummaryClip.clip(text, to: 40) == "你今天去图书馆了吗？我去了！")
    }

    @Test func withoutASentenceEndCJKIsCutBetweenCharactersWithAnEllipsis() {
        let text = "春の雨に濡れた石畳と古い木造の家並みが続く細い路地をどこまでも歩いていく"
        let clipped = SummaryClip.clip(text, to: 30)
        #expect(clipped == "春の雨に濡れた石畳と古い木造の…")   // 15 characters, weight 30
    }

    @Test func latinSentencesEndAtAStopBeforeASpaceNotInsideNumbersOrNames() {
        let text = "Version 2.5 ships today from example.org with faster builds. Everything else stays the same for now, we promise."
        #expect(SummaryClip.clip(text, to: 80) == "Version 2.5 ships today from example.org with faster builds.")
    }

    /// ASCII text is cut byte by byte (fast); a letter with an accent takes the general way: both cut alike.
    @Test(arguments: [40, 59, 60, 61, 80, 100])
    func asciiAndAccentedTextAreCutAlike(_ length: Int) {
        let text = "Version 2.5 ships today from example.org with faster builds. Everything else (\"almost\") stays put!"
        let accented = text.replacingOccurrences(of: "Version", with: "Vérsion")
        #expect(SummaryClip.clip(accented, to: length) == SummaryClip.clip(text, to: length).replacingOccurrences(of: "Version", with: "Vérsion"))
    }

    @Test func vietnameseIsCutAtASpaceNeverInsideALetterAndItsMarks() {
        // Written with combining marks (NFD): "ế" is e + ◌̂ + ◌́, one character of three scalars.
        let decomposed = "Hôm nay trời đẹp nên chúng tôi đi dạo quanh hồ Hoàn Kiếm rất lâu"
            .decomposedStringWithCanonicalMapping
        let clipped = SummaryClip.clip(decomposed, to: 40)
        #expect(clipped == "Hôm nay trời đẹp nên chúng tôi đi dạo…".decomposedStringWithCanonicalMapping)
        #expect(clipped.unicodeScalars.last == "…")
    }

    @Test func koreanIsCutBetweenWords() {
        let text = "주말마다 동네 도서관에 가서 새로 들어온 책을 구경하는 것이 작은 즐거움이다"
        #expect(SummaryClip.clip(text, to: 40) == "주말마다 동네 도서관에 가서 새로 들어온…")   // weight 39; 책 would make 42
    }

    @Test func emojiAndFlagsAreNeverSplit() {
        let text = String(repeating: "👩‍👩‍👧‍👦🇻🇳", count: 10)
        let clipped = SummaryClip.clip(text, to: 7)
        #expect(clipped == "👩‍👩‍👧‍👦🇻🇳👩‍👩‍👧‍👦🇻🇳👩‍👩‍👧‍👦🇻🇳👩‍👩‍👧‍👦…")
    }

    @Test func anEarlySentenceEndIsNotWorthTheRest() {
        // The only full stop comes after 6 of 60: a clipped sentence says more.
        let text = "はい。" + String(repeating: "長い説明が続きます", count: 10)
        #expect(SummaryClip.clip(text, to: 60).hasSuffix("…"))
        #expect(SummaryClip.clip(text, to: 60).count > 20)
    }
}
