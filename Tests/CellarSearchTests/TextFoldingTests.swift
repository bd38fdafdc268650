import CellarSearch
import Testing

@Suite struct TextFoldingTests {
    @Test(arguments: [("Cà Phê", "ca phe"), ("Über", "uber"), ("Đà Nẵng", "da nang"), ("Straße", "strasse"),
                      ("Øresund", "oresund"), ("Łódź", "lodz"), ("CAFÉ", "cafe"), ("plain ascii", "plain ascii")])
    func foldsCaseAndDiacritics(_ written: String, _ folded: String) {
        #expect(TextFolding.fold(written) == folded)
    }

    @Test func keepsKanaAndHangulWhole() {
        // NFD would split が into か + U+3099 and 한 into jamo: they are put back together.
        #expect(TextFolding.fold("がっこう") == "がっこう")
        #expect(TextFolding.fold("한국어") == "한국어")
        #expect(TextFolding.fold("東京タワー") == "東京タワー")
    }
}
