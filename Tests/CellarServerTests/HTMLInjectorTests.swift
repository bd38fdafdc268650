import Testing
@testable import CellarServer

@Suite struct HTMLInjectorTests {
    let injector = HTMLInjector(snippet: Array("<s>".utf8))

    @Test(arguments: [
        ("<html><body><p>x</p></body></html>", "<html><body><p>x</p><s></body></html>"),
        ("<HTML><BODY>x</BODY></HTML>", "<HTML><BODY>x<s></BODY></HTML>"),
        ("<body>x</Body >", "<body>x<s></Body >"),
        ("<p>no body</p>", "<p>no body</p><s>"),
        ("", "<s>"),
        ("<body><script>'</body>'</script></body>", "<body><script>'</body>'</script><s></body>"),
    ])
    func snippetGoesBeforeTheLastClosingBody(_ html: String, _ expected: String) {
        let result = injector.inject(into: Array(html.utf8))
        #expect(String(decoding: result, as: UTF8.self) == expected)
        #expect(result.count == html.utf8.count + 3)
    }

    @Test func liveReloadSnippetLoadsTheScript() {
        let result = HTMLInjector.liveReload.inject(into: Array("<body></body>".utf8))
        #expect(String(decoding: result, as: UTF8.self) == "<body><script src=\"/__cellar/live.js\" defer></script></body>")
    }

    @Test(arguments: [1, 2, 3, 5, 6, 7, 64])
    func theTagIsFoundAcrossChunks(_ chunkSize: Int) {
        let html = Array("<body>a</body><p></BODY>tail".utf8)
        var reads = 0
        let offset = injector.insertionOffset(size: UInt64(html.count), chunkSize: chunkSize) { start, count in
            reads += 1
            return Array(html[Int(start)..<min(html.count, Int(start) + count)])
        }
        #expect(offset == 17)
        #expect(chunkSize < html.count ? reads > 1 : reads == 1)
    }

    @Test func aPageWithoutClosingBodyGetsItAtTheEnd() {
        let html = Array(String(repeating: "<p>x</p>", count: 1000).utf8)
        #expect(injector.insertionOffset(size: UInt64(html.count), chunkSize: 100) { start, count in
            Array(html[Int(start)..<min(html.count, Int(start) + count)])
        } == UInt64(html.count))
    }
}
