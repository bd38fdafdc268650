import CellarSearch
import Testing

@Suite struct PlainTextTests {
    @Test func tagsGoBlocksSeparateEntitiesDecode() {
        #expect(PlainText.fromHTML("<p>Fish &amp; <em>chips</em></p><p>Next</p>") == " Fish & chips  Next ")
        #expect(PlainText.fromHTML("a<script>var x = '<p>';</script>b<style>p{}</style>c") == "a b c")
        #expect(PlainText.fromHTML("&#x41;&#66;&unknown;") == "AB&unknown;")
    }
}
