@testable import CellarEngine
import Testing

/// The small HTML reader behind the link checker.
@Suite struct HTMLScannerTests {
    @Test func idsLinksAndImagesWithoutAltAreFound() {
        let html = """
            <!DOCTYPE html><html><head><link rel="stylesheet" href="/css/a.css?v=1&amp;x=2"></head>
            <!-- <a href="/commented/"> -->
            <body><main id=main><a name="old-anchor"></a>
            <a class='x' href='/a/#b' data-x="1 > 0">A</a>
            <img src="/one.png" alt=""><IMG SRC="/two.png">
            <script>if (a < b) { document.write('<a href="/script/">') }</script>
            <style>a[href="/style/"] {}</style>
            <p>1 < 2</p></body></html>
            """
        let facts = HTMLPageFacts(html: Array(html.utf8))
        #expect(facts.ids == ["main", "old-anchor"])
        #expect(facts.links.map(\.value) == ["/css/a.css?v=1&x=2", "/a/#b", "/one.png", "/two.png"])
        #expect(facts.imagesWithoutAlt == ["/two.png"])
    }

    @Test func templatesAreReadAroundTheirMustacheTags() {
        let template = """
            {{<base}}{{$main}}<a href="{{url}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a>
            <img src="{{site.base_path}}logo.svg">{{/main}}{{/base}}
            """
        let tags = HTMLScanner.tags(in: Array(template.utf8), template: true)
        #expect(tags.map(\.name) == ["a", "img"])
        #expect(tags[0].attribute("href")?.raw == "{{url}}")
        #expect(tags[1].attribute("src")?.raw == "{{site.base_path}}logo.svg")
        #expect(TemplateLocator.literalParts("{{site.base_path}}css/{{name}}.css") == ["", "css/", ".css"])
    }

    @Test(arguments: [("a &amp; b", "a & b"), ("&#39;&#x2F;&quot;", "'/\""), ("&unknown; &", "&unknown; &"), ("&#xZZ;", "&#xZZ;")])
    func characterReferencesAreDecoded(_ text: String, _ expected: String) {
        #expect(HTMLScanner.decodeEntities(text) == expected)
    }
}
