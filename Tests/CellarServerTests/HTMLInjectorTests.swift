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
}
