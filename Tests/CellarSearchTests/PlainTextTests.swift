import CellarSearch
import Testing

@Suite struct PlainTextTests {
    @Test func tagsGoBlocksSeparateEntitiesDecode() {
        #expect(PlainText.fromHTML("<p>Fish &amp; <em>chips</em></p><p>Next</p>") == " Fish & chips  Next ")
        #expect(PlainText.fromHTML("a<script>var x = '<p>';</script>b<style>p{}</style>c") == "a b c")
        #expect(PlainText.fromHTML("&#x41;&#66;&unknown;") == "AB&unknown;")
    }

    /// The next tag or entity is found eight bytes at a time: wherever it falls in a word of eight,
    /// and past non-ASCII text, the text is the one a byte-by-byte reading gives.
    @Test func tagsAndEntitiesAreFoundAtEveryOffset() {
        for shift in 0..<17 {
            let lead = String(repeating: "x", count: shift)
            #expect(PlainText.fromHTML(lead + "a&amp;b<em>c</em>d") == lead + "a&bcd", "shift \(shift)")
            #expect(PlainText.fromHTML(lead + "phở&lt;é<p>ü") == lead + "phở<é ü", "shift \(shift)")
            #expect(PlainText.fromHTML(lead + "no markup at all, à la fin") == lead + "no markup at all, à la fin")
        }
    }
}
