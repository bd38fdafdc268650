import CellarMarkdown

/// Minutes to read a body, by script: space-separated words at one rate, Chinese and Japanese
/// characters one by one at their language's rate, code apart at half weight; mixed text adds them.
///
/// The rates: Brysbaert's meta-analysis of 190 studies (*How many words do we read per minute?*,
/// Journal of Memory and Language 109, 2019) puts adults' silent reading of non-fiction at 238 words
/// a minute, and reading aloud at 183. Trauzettel-Klosinski and Dietz measured reading aloud in
/// 17 languages with equivalent texts (*The International Reading Speed Texts IReST*, Investigative
/// Ophthalmology & Visual Science 53(9), 2012): Chinese 255 characters a minute, Japanese 357.
/// Scaled from aloud to silent by Brysbaert's 238 / 183 (× 1.3), that is about 330 for Chinese and
/// 460 for Japanese, rounded to tens.
enum ReadingTime {
    /// Space-separated words — Latin, Vietnamese, Cyrillic, Greek, Korean Hangul… — a minute.
    static let wordsPerMinute = 238.0
    /// Han characters a minute in Chinese.
    static let chineseCharactersPerMinute = 330.0
    /// Kanji and kana a minute in Japanese.
    static let japaneseCharactersPerMinute = 460.0
    /// A word of code counts half a word of prose: code is looked over, not read aloud in one's head.
    static let codeWeight = 0.5

    /// Whole minutes, rounded up, at least 1. Chinese characters are read at Japanese speed when
    /// `language` is Japanese — or, in a language of neither, when the text has kana.
    static func minutes(_ counts: MarkdownTextCounts, language: String) -> Int {
        let words = Double(counts.proseWords) + Double(counts.codeWords) * codeWeight
        let characters = Double(counts.cjkCharacters) / charactersPerMinute(counts, language: language)
        let total = words / wordsPerMinute + characters
        return max(1, Int((total - 1e-9).rounded(.up)))
    }

    /// The rate of Han and kana characters in a text of `language` with these counts.
    static func charactersPerMinute(_ counts: MarkdownTextCounts, language: String) -> Double {
        switch LanguageTag.primary(language) {
        case "ja": japaneseCharactersPerMinute
        case "zh", "yue", "cmn", "wuu", "hak", "nan", "lzh": chineseCharactersPerMinute
        default: counts.kanaCharacters > 0 ? japaneseCharactersPerMinute : chineseCharactersPerMinute
        }
    }
}
