@testable import CellarEngine
import Testing

/// Where the links of a built page lead.
@Suite struct HrefResolverTests {
    private let resolver = HrefResolver(
        siteURL: SiteURL("https://example.org/blog/")!,
        files: ["index.html", "posts/index.html", "posts/a/index.html", "feed.xml", "images/a b.png", "old"])

    @Test(arguments: [
        ("/blog/posts/", "posts/a/", HrefResolver.Outcome.file("posts/index.html", fragment: nil)),
        ("../", "posts/a/", .file("posts/index.html", fragment: nil)),
        ("../../", "posts/a/", .file("index.html", fragment: nil)),
        ("../../../", "posts/a/", .outside),
        ("#intro", "posts/a/", .file("posts/a/index.html", fragment: "intro")),
        ("/blog/posts/a/#caf%C3%A9", "", .file("posts/a/index.html", fragment: "café")),
        ("/blog/images/a%20b.png", "", .file("images/a b.png", fragment: nil)),
        ("/blog/posts/a", "", .file("posts/a/index.html", fragment: nil)),
        ("/blog/feed.xml?x=1", "", .file("feed.xml", fragment: nil)),
        ("/blog/nowhere/", "", .missing("nowhere/", fragment: nil)),
        ("/blog/posts/b/#x", "", .missing("posts/b/", fragment: "x")),
        ("/about/", "", .outsideBasePath),
        ("https://example.org/blog/anything", "", .external),
        ("//cdn.example.org/x.js", "", .external),
        ("mailto:ada@example.org", "", .external),
        ("", "", .external),
        (" \t/blog/posts/\r\n", "", .file("posts/index.html", fragment: nil)),
        ("/blog/nowhere/\u{A0}", "", .missing("nowhere/\u{A0}", fragment: nil)),
    ])
    func linksResolveAsBrowsersReadThem(_ href: String, _ page: String, _ expected: HrefResolver.Outcome) {
        #expect(resolver.resolve(href, from: URLPath(page)) == expected)
    }

    @Test func pageFilesHaveTheirAddresses() {
        #expect(HrefResolver.pageURL(ofFile: "index.html") == .root)
        #expect(HrefResolver.pageURL(ofFile: "posts/a/index.html") == URLPath("posts/a/"))
        #expect(HrefResolver.pageURL(ofFile: "404.html") == URLPath("404.html"))
    }
}
