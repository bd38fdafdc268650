@testable import CellarEngine
import Testing

/// The rule that turns an `aliases:` entry into the path its redirect is written at.
@Suite struct AliasPathTests {
    @Test(arguments: [
        ("/old/path/", "old/path/"), ("/old/path", "old/path/"), ("old/path", "old/path/"),
        ("/old.html", "old.html"), ("/old.html/", "old.html/"), ("/double//slashes/", "double/slashes/"),
        ("/caf%C3%A9/", "café/"), ("/2019/01/post/", "2019/01/post/"),
    ])
    func pathsOnThisSite(_ alias: String, expected: String) {
        #expect(AliasPath.url(for: alias)?.value == expected)
    }

    @Test(arguments: ["", "/", "https://example.org/x/", "//host/x/", "/a/../b/", "/a/./b/", "/%2E%2E/x/", "/a%2Fb/",
                      "/x?y", "/x#y", "/a\\b/", "/bad%zz/", "/tab\there/", "/" + String(repeating: "a", count: 256) + "/"])
    func anythingElseIsRefused(_ alias: String) {
        #expect(AliasPath.url(for: alias) == nil)
    }
}
