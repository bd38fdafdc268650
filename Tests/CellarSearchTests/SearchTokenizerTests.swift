import CellarSearch
import Testing

@Suite struct SearchTokenizerTests {
    private func terms(_ text: String, language: String = "en") -> [String] {
        SearchTokenizer(language: language).tokens(text).map(\.term)
    }

    @Test func englishWordsAreStemmedByTheirLanguage() {
        #expect(terms("Running runners ran quickly") == ["run", "runner", "ran", "quick"])
        let tokens = SearchTokenizer(language: "en-GB").tokens("Libraries")
        #expect(tokens == [SearchToken(term: "librari", word: "libraries")])
    }

    @Test func otherSnowballLanguagesStemToo() {
        #expect(terms("chevaux", language: "fr") == ["cheval"])
    }

    @Test func vietnameseIsFoldedNotStemmed() {
        #expect(Stemmer(language: "vi") == nil)
        // ở folds to o, a single letter: left out like English "a".
        #expect(terms("Cà phê sữa đá ở Đà Nẵng", language: "vi") == ["ca", "phe", "sua", "da", "da", "nang"])
    }

    @Test func singleASCIILettersAndOverlongWordsAreLeftOut() {
        #expect(terms("a b cd", language: "vi") == ["cd"])
        #expect(terms(String(repeating: "x", count: 41), language: "vi") == [])
    }

    @Test func chineseAndJapaneseAreBigramsPlusSingleCharacters() {
        #expect(terms("東京タワー", language: "ja") == ["東", "東京", "京", "京タ", "タ", "タワ", "ワ", "ワー", "ー"])
        #expect(terms("我爱北京", language: "zh-Hans") == ["我", "我爱", "爱", "爱北", "北", "北京", "京"])
    }

    @Test func scriptsSplitWhereTheyMeet() {
        // A Latin word beside kana, inside an English post: each split by its own script's rules.
        #expect(terms("Swiftで書く", language: "en") == ["swift", "で", "で書", "書", "書く", "く"])
    }

    @Test func koreanIsSplitByWord() {
        #expect(terms("한국어 검색은 단어로", language: "ko") == ["한국어", "검색은", "단어로"])
    }

    @Test func queriesAreFoldedAndPairedTheSameWay() {
        #expect(SearchTokenizer.queryTerms("Ca phe") == [["ca"], ["phe"]])
        #expect(SearchTokenizer.queryTerms("東京タワー") == [["東京", "京タ", "タワ", "ワー"]])
        #expect(SearchTokenizer.queryTerms("京") == [["京"]])
    }
}
