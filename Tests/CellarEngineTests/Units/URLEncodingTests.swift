@testable import CellarEngine
import Testing

/// Percent-encoding of the paths Cellar writes into links, and decoding of the ones people write.
@Suite struct URLEncodingTests {
    @Test func pathsPeopleWroteKeepTheirQueriesFragmentsAndEscapes() {
        #expect(URLEncoding.encodePath("/posts/a b/") == "/posts/a%20b/")
        #expect(URLEncoding.encodePath("/x/?q=1&r=2#top") == "/x/?q=1&r=2#top")
        #expect(URLEncoding.encodePath("/caf%C3%A9/") == "/caf%C3%A9/")
        #expect(URLEncoding.encodePath("/café/") == "/caf%C3%A9/")
        #expect(URLEncoding.encodePath("/plain-path_1.html") == "/plain-path_1.html")
    }

    @Test func fileNamesAreLiteral() {
        #expect(URLEncoding.encodeLiteralPath("files/Report #3.pdf") == "files/Report%20%233.pdf")
        #expect(URLEncoding.encodeLiteralPath("files/100%?.txt") == "files/100%25%3F.txt")
        #expect(URLEncoding.encodeLiteralPath("files/日本.txt") == "files/%E6%97%A5%E6%9C%AC.txt")
    }

    @Test func decoding() {
        #expect(URLEncoding.decode("caf%C3%A9") == "café")
        #expect(URLEncoding.decode("a%20b%2Fc") == "a b/c")
        #expect(URLEncoding.decode("no-escapes") == "no-escapes")
        #expect(URLEncoding.decode("bad%2") == nil)
        #expect(URLEncoding.decode("bad%zz") == nil)
        #expect(URLEncoding.decode("%FF%FE") == nil, "not UTF-8")
    }

    @Test func encodingThenDecodingGivesTheNameBack() {
        for name in ["Report #3.pdf", "a b c", "100%", "日本語", "x?y", "~tilde"] {
            #expect(URLEncoding.decode(URLEncoding.encodeLiteralPath(name)) == name)
        }
    }
}
