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

    /// Every ASCII character between two letters, against the rule as RFC 3986 and the file names
    /// say it: unreserved characters and the path delimiters stay, `%`, `#` and `?` only in paths
    /// people wrote; the rest is escaped as `%XX` in capitals.
    @Test func everyASCIICharacter() {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".unicodeScalars)
        let delimiters = Set("/=&+:@!,;".unicodeScalars), written = Set("%#?".unicodeScalars)
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let escaped = "%" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
            let path = "a" + String(scalar) + "b"
            let keptInPaths = unreserved.contains(scalar) || delimiters.contains(scalar) || written.contains(scalar)
            let keptInNames = unreserved.contains(scalar) || delimiters.contains(scalar)
            #expect(URLEncoding.encodePath(path) == (keptInPaths ? path : "a" + escaped + "b"), "\(value)")
            #expect(URLEncoding.encodeLiteralPath(path) == (keptInNames ? path : "a" + escaped + "b"), "\(value)")
        }
        #expect(URLEncoding.encodePath("") == "")
        #expect(URLEncoding.encodeLiteralPath("ä") == "%C3%A4")
    }

    @Test func asciiSetHoldsExactlyItsMembers() {
        let set = ASCIISet("az\0\u{7F}?@`{")
        for value in UInt8.min...UInt8.max {
            #expect(set.contains(value) == [0x61, 0x7A, 0x00, 0x7F, 0x3F, 0x40, 0x60, 0x7B].contains(value), "\(value)")
        }
        let smaller = set.subtracting("?z")
        for value in UInt8.min...UInt8.max {
            #expect(smaller.contains(value) == [0x61, 0x00, 0x7F, 0x40, 0x60, 0x7B].contains(value), "\(value)")
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
