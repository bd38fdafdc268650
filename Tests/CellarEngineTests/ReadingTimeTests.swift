@testable import CellarEngine
import CellarMarkdown
import Testing

/// Reading time by script: words at 238 a minute, Chinese characters at 330, Japanese at 460, code
/// at half a word's weight; mixed text adds its parts. Each sentence below is counted by hand first,
/// so that the minutes follow from counts that are known to be right.
@Suite struct ReadingTimeTests {
    /// A sentence, what it holds (counted by hand), and its language.
    struct Sample: Sendable, CustomTestStringConvertible {
        var text: String
        var counts: MarkdownTextCounts
        var language: String
        var testDescription: String { language }
    }

    static let japanese = Sample(   // Han 古写真整理祖母手紙出, kana いをしていたらのがてきた; 、。 are punctuation
        text: "古い写真を整理していたら、祖母の手紙が出てきた。",
        counts: MarkdownTextCounts(hanCharacters: 10, kanaCharacters: 12), language: "ja")
    static let chinese = Sample(   // 我们在河边找了一家小茶馆 一直聊到天黑
        text: "我们在河边找了一家小茶馆，一直聊到天黑。",
        counts: MarkdownTextCounts(hanCharacters: 18), language: "zh-Hans")
    static let traditional = Sample(   // 這座城市的老街在雨後特別安靜
        text: "這座城市的老街在雨後特別安靜。",
        counts: MarkdownTextCounts(hanCharacters: 14), language: "zh-Hant")
    static let vietnamese = Sample(   // each syllable is written apart: 13 words
        text: "Sáng nay tôi đạp xe qua cầu để mua bánh mì ở chợ.",
        counts: MarkdownTextCounts(proseWords: 13), language: "vi")
    static let korean = Sample(   // 오늘은 / 비가 / 와서 / 집에서 / 책을 / 읽었습니다
        text: "오늘은 비가 와서 집에서 책을 읽었습니다.",
        counts: MarkdownTextCounts(proseWords: 6), language: "ko")
    static let mixed = Sample(   // Swift, Cellar; Han 動一瞬終; kana でをかすとビルドはでわる
        text: "SwiftでCellarを動かすと、ビルドは一瞬で終わる。",
        counts: MarkdownTextCounts(proseWords: 2, hanCharacters: 4, kanaCharacters: 12), language: "ja")

    @Test(arguments: [japanese, chinese, traditional, vietnamese, korean, mixed])
    func theSentencesHoldWhatTheyWereCountedToHold(_ sample: Sample) {
        #expect(MarkdownRenderer().render(sample.text).counts == sample.counts)
    }

    /// The sentence written `times` times, one paragraph each, and its minutes.
    private func minutes(_ sample: Sample, times: Int, language: String? = nil) -> Int {
        let body = Array(repeating: sample.text, count: times).joined(separator: "\n\n")
        return ReadingTime.minutes(MarkdownRenderer().render(body).counts, language: language ?? sample.language)
    }

    @Test func japaneseIsReadAt460CharactersAMinute() {
        #expect(minutes(Self.japanese, times: 20) == 1)    // 440 characters
        #expect(minutes(Self.japanese, times: 21) == 2)    // 462
        // An article as long as those of the issue: 5,698 characters, 12.4 minutes at 460.
        #expect(minutes(Self.japanese, times: 259) == 13)
    }

    @Test func chineseIsReadAt330CharactersAMinute() {
        #expect(minutes(Self.chinese, times: 18) == 1)     // 324 characters
        #expect(minutes(Self.chinese, times: 19) == 2)     // 342
        #expect(minutes(Self.chinese, times: 312) == 18)   // 5,616 characters: 17.0 minutes, rounded up
        #expect(minutes(Self.traditional, times: 401) == 18)   // 5,614
    }

    @Test func spacedScriptsAreReadAt238WordsAMinute() {
        #expect(minutes(Self.vietnamese, times: 18) == 1)   // 234 words
        #expect(minutes(Self.vietnamese, times: 19) == 2)   // 247
        #expect(minutes(Self.korean, times: 39) == 1)       // 234 words
        #expect(minutes(Self.korean, times: 40) == 2)       // 240
    }

    @Test func mixedTextAddsWordsAndCharacters() {
        // Per sentence: 2 / 238 + 16 / 460 of a minute = 0.0432; 23 of them 0.994, 24 1.04.
        #expect(minutes(Self.mixed, times: 23) == 1)
        #expect(minutes(Self.mixed, times: 24) == 2)
    }

    @Test func chineseCharactersAreReadAtTheRateOfTheItemsLanguage() {
        // The same 342 Han characters: over a minute in Chinese, under one in Japanese, where kanji
        // sit among kana; in a third language kana (or their absence) say which.
        #expect(minutes(Self.chinese, times: 19, language: "zh") == 2)
        #expect(minutes(Self.chinese, times: 19, language: "ja") == 1)
        #expect(minutes(Self.chinese, times: 19, language: "en") == 2)
        #expect(minutes(Self.japanese, times: 21, language: "en") == 2)   // kana: the Japanese rate, 462 characters
        #expect(minutes(Self.japanese, times: 20, language: "en") == 1)
    }

    @Test func codeCountsHalfAWord() {
        func code(lines: Int) -> MarkdownTextCounts {   // `let total = a + b`: 6 words a line
            MarkdownRenderer().render("```swift\n" + Array(repeating: "let total = a + b", count: lines).joined(separator: "\n") + "\n```\n").counts
        }
        #expect(code(lines: 79) == MarkdownTextCounts(codeWords: 474))
        #expect(ReadingTime.minutes(code(lines: 79), language: "en") == 1)   // 474 × ½ = 237 words
        #expect(ReadingTime.minutes(code(lines: 80), language: "en") == 2)   // 480 × ½ = 240
        // Prose and code add up: 200 words and 100 of code are 250 words' worth.
        let mixed = MarkdownRenderer().render(String(repeating: "word ", count: 200) + "\n\n`" + String(repeating: "x ", count: 100) + "`\n").counts
        #expect(mixed == MarkdownTextCounts(proseWords: 200, codeWords: 100))
        #expect(ReadingTime.minutes(mixed, language: "en") == 2)
    }

    @Test func anEmptyBodyTakesAMinute() {
        #expect(ReadingTime.minutes(MarkdownTextCounts(), language: "ja") == 1)
    }
}
