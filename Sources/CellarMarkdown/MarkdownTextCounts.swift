/// How much text a body holds, by script: Chinese and Japanese are not written in space-separated
/// words, so their characters are counted one by one instead.
package struct MarkdownTextCounts: Sendable, Hashable {
    /// Space-separated words outside code (Latin, Vietnamese, Cyrillic, Greek, Korean Hangul…) holding
    /// at least one letter or digit. A run of Han or kana characters is never a word.
    package var proseWords = 0
    /// Han ideographs (Chinese characters, Japanese kanji) outside code.
    package var hanCharacters = 0
    /// Hiragana and katakana outside code.
    package var kanaCharacters = 0
    /// Space-separated words inside code spans and code blocks.
    package var codeWords = 0

    package init(proseWords: Int = 0, hanCharacters: Int = 0, kanaCharacters: Int = 0, codeWords: Int = 0) {
        self.proseWords = proseWords
        self.hanCharacters = hanCharacters
        self.kanaCharacters = kanaCharacters
        self.codeWords = codeWords
    }

    /// Han and kana characters together.
    package var cjkCharacters: Int { hanCharacters + kanaCharacters }
}
