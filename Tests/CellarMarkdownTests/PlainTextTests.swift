@testable import CellarMarkdown
import Testing

/// Whitespace collapsed for summaries, and the quick scan that says which extensions may apply.
@Suite struct PlainTextTests {
    @Test func whitespaceRunsBecomeOneSpaceAndNoneAtTheEnds() {
        #expect(PlainText.collapsingWhitespace("") == "")
        #expect(PlainText.collapsingWhitespace(" \t\r\n ") == "")
        #expect(PlainText.collapsingWhitespace("a") == "a")
        #expect(PlainText.collapsingWhitespace("  a  b\n\nc\t") == "a b c")
        #expect(PlainText.collapsingWhitespace("東京\u{3000}は\n 静か") == "東京\u{3000}は 静か")   // only ASCII spaces collapse
        #expect(PlainText.collapsingWhitespace("é\r\n\r\nü ") == "é ü")
    }

    @Test func wwwIsFoundAnywhereAndOnlyWhole() {
        func autolink(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { CandidateScan($0).autolink }
        }
        #expect(autolink("www."))
        #expect(autolink("see www.example.org"))
        #expect(autolink("ends with www."))
        #expect(!autolink(""))
        #expect(!autolink("www"))
        #expect(!autolink("ww.w wwww x.www"))
        #expect(autolink("a@b"))
        #expect(autolink("https://x"))
    }
}
