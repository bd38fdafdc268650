import Testing
@testable import CellarServer

@Suite struct RequestTargetTests {
    private func target(_ text: String) -> RequestTarget? {
        RequestTarget(raw: Array(text.utf8))
    }

    @Test func originFormIsTakenAsIs() {
        #expect(target("/posts/?page=2") == RequestTarget(authority: nil, pathAndQuery: Array("/posts/?page=2".utf8)))
    }

    @Test func absoluteFormGivesItsAuthorityAndPath() {
        #expect(target("http://127.0.0.1:1313/x?y") == RequestTarget(authority: "127.0.0.1:1313", pathAndQuery: Array("/x?y".utf8)))
        #expect(target("HTTP://localhost") == RequestTarget(authority: "localhost", pathAndQuery: Array("/".utf8)))
        #expect(target("http://localhost?a") == RequestTarget(authority: "localhost", pathAndQuery: Array("/?a".utf8)))
        #expect(target("http://[::1]:1313/") == RequestTarget(authority: "[::1]:1313", pathAndQuery: Array("/".utf8)))
    }

    @Test(arguments: ["", "*", "x", "https://localhost/", "http://", "http:///x", "http://user@localhost/", "ftp://localhost/"])
    func otherFormsAreRefused(_ text: String) {
        #expect(target(text) == nil)
    }

    @Test func thePathStopsAtTheQuery() {
        #expect(Array(target("/a/b?c/d")?.path ?? []) == Array("/a/b".utf8))
    }
}
