import Testing
@testable import CellarServer

/// The server's HTTP behaviour, without sockets.
@Suite struct RequestRouterTests {
    let site: SiteFixture
    let router: RequestRouter

    init() throws {
        site = try SiteFixture()
        router = RequestRouter(configuration: ServerConfiguration(root: site.root))
    }

    private func respond(_ method: String, _ path: String, ifNoneMatch: String? = nil) -> (HTTPResponse, String) {
        respond(HTTPRequest(method: method, target: Array(path.utf8), ifNoneMatch: ifNoneMatch), with: router)
    }

    /// The response and the body it sends (not the one a 304 or a HEAD would leave unsent).
    private func respond(_ request: HTTPRequest, with router: RequestRouter) -> (HTTPResponse, String) {
        let response = router.respond(to: request)
        switch response.body {
        case .bytes(let bytes):
            return (response, String(decoding: bytes, as: UTF8.self))
        case .file(let file, let window):
            defer { file.close() }
            if response.status == 304 { return (response, "") }
            return (response, String(decoding: Self.read(file, window: window), as: UTF8.self))
        case .eventStream:
            return (response, "<stream>")
        }
    }

    static func read(_ file: FileBody, window: Range<UInt64>) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)   // small, so reads cross the inserted snippet
        var position = window.lowerBound
        while position < window.upperBound {
            let want = Int(min(UInt64(buffer.count), window.upperBound - position))
            guard let count = buffer.withUnsafeMutableBytes({ file.read(at: position, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<want])) }) else { break }
            bytes += buffer[..<count]
            position += UInt64(count)
        }
        return bytes
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "get"])
    func onlyGetAndHeadAreAllowed(_ method: String) {
        let (response, _) = respond(method, "/")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
    }

    private func respond(_ path: String, ifNoneMatch: String? = nil) -> (HTTPResponse, String) {
        respond("GET", path, ifNoneMatch: ifNoneMatch)
    }

    @Test func htmlGetsTheScriptAndIsNotCached() {
        let (response, body) = respond("/")
        #expect(response.status == 200)
        #expect(body.hasSuffix("<h1>Home</h1><script src=\"/__cellar/live.js\" defer></script></body></html>"))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("ETag") != nil)
    }

    @Test func otherFilesAreSentAsTheyAre() {
        let (response, body) = respond("/style.css")
        #expect(body == "body { color: black; }")
        #expect(response.header("Cache-Control") == "no-cache")
        guard case .file(let file, _) = response.body, file.insertion == nil else {
            Issue.record("CSS should be streamed from the file as it is")
            return
        }
    }

    @Test func noScriptWhenLiveReloadIsOff() {
        var configuration = router.configuration
        configuration.liveReload = false
        let plain = RequestRouter(configuration: configuration)
        let (page, body) = respond(HTTPRequest(method: "GET", target: Array("/".utf8)), with: plain)
        guard case .file(let file, _) = page.body, file.insertion == nil else {
            Issue.record("expected the file as is")
            return
        }
        #expect(!body.contains("__cellar"))
        #expect(respond(HTTPRequest(method: "GET", target: Array("/__cellar/live.js".utf8)), with: plain).0.status == 404)
    }

    @Test func matchingETagGives304() {
        let (first, _) = respond("/style.css")
        let tag = first.header("ETag") ?? ""
        let (second, body) = respond("/style.css", ifNoneMatch: tag)
        #expect(second.status == 304)
        #expect(body.isEmpty)
        #expect(second.header("ETag") == tag)
        let (third, _) = respond("/style.css", ifNoneMatch: "\"stale\"")
        #expect(third.status == 200)
    }

    @Test func missingPathGetsTheSite404Page() {
        let (response, body) = respond("/nope")
        #expect(response.status == 404)
        #expect(body.contains("Lost?"))
        #expect(body.contains("/__cellar/live.js"))
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func missing404PageFallsBackToPlainText() throws {
        try site.parent.remove("site/404.html")
        let (response, body) = respond("/nope")
        #expect(response.status == 404)
        #expect(body == "404 Not Found\n")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func folderRedirectsPermanentlyKeepingTheQuery() {
        let (response, body) = respond("/posts?x=1")
        #expect(response.status == 301)
        #expect(response.header("Location") == "/posts/?x=1")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(body == "301 Moved Permanently: /posts/?x=1\n")
    }

    @Test func liveEndpoints() {
        let (script, source) = respond("/__cellar/live.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(source.contains("new EventSource(\"/__cellar/events\")"))
        let (events, stream) = respond("/__cellar/events")
        #expect(events.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(stream == "<stream>")
        let (head, body) = respond("HEAD", "/__cellar/events")
        #expect(head.status == 200)
        #expect(body.isEmpty)
    }

    @Test func refusals() {
        #expect(respond("/../secret.txt").0.status == 403)
        #expect(respond("/%zz").0.status == 400)
    }

    @Test(arguments: ["evil.com", "evil.com:1313", "127.0.0.1.nip.io", "localhost.evil.com", "[::2]:1313", "10.0.0.5"])
    func otherHostNamesGet421(_ host: String) {
        let (response, body) = respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: [host]), with: router)
        #expect(response.status == 421)
        #expect(body.hasPrefix("421 Misdirected Request: this preview server answers to localhost, 127.0.0.1, [::1], "))
        #expect(!body.contains("Home"))
    }

    @Test(arguments: ["localhost", "LOCALHOST:1313", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:1313", "localhost."])
    func loopbackNamesAreServed(_ host: String) {
        let (response, body) = respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: [host]), with: router)
        #expect(response.status == 200)
        #expect(body.contains("<h1>Home</h1>"))
    }

    @Test(arguments: [[], ["127.0.0.1", "evil.com"], ["evil.com", "127.0.0.1"], ["localhost", "localhost"]])
    func anHTTP11RequestWithoutExactlyOneHostGets400(_ hosts: [String]) {
        let (response, body) = respond(HTTPRequest(method: "GET", target: Array("http://127.0.0.1/".utf8), hosts: hosts), with: router)
        #expect(response.status == 400)
        #expect(body == "400 Bad Request: a request must carry exactly one Host header (RFC 9112 §3.2); this one has "
            + (hosts.isEmpty ? "none" : "2") + "\n")
    }

    @Test func anHTTP10RequestMaySendNoHostButNotTwo() {
        let bare = HTTPRequest(method: "GET", target: Array("/robots.txt".utf8), version: "HTTP/1.0", hosts: [])
        #expect(respond(bare, with: router).1 == "User-agent: *")
        let doubled = HTTPRequest(method: "GET", target: Array("/robots.txt".utf8), version: "HTTP/1.0", hosts: ["localhost", "evil.com"])
        #expect(respond(doubled, with: router).0.status == 400)
    }

    @Test func theHostGivenIsServedAndEveryIPAddressWhenListeningEverywhere() {
        var configuration = router.configuration
        configuration.host = "192.168.1.10"
        let lan = RequestRouter(configuration: configuration)
        #expect(respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: ["192.168.1.10:1313"]), with: lan).0.status == 200)
        #expect(respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: ["192.168.1.11:1313"]), with: lan).0.status == 421)
        configuration.host = "0.0.0.0"
        let everywhere = RequestRouter(configuration: configuration)
        #expect(respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: ["192.168.1.11:1313"]), with: everywhere).0.status == 200)
        #expect(respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: ["[fe80::1]:1313"]), with: everywhere).0.status == 200)
        let (refused, text) = respond(HTTPRequest(method: "GET", target: Array("/".utf8), hosts: ["evil.com"]), with: everywhere)
        #expect(refused.status == 421)
        #expect(text.contains("and IP addresses"))
    }

    @Test func absoluteFormTargetsAreServedAndTheirAuthorityChecked() {
        let (page, body) = respond("GET", "http://127.0.0.1:1313/posts/")
        #expect(page.status == 200)
        #expect(body.contains("<p>Posts</p>"))
        #expect(respond("GET", "HTTP://localhost/robots.txt?x=1").1 == "User-agent: *")
        #expect(respond("GET", "http://127.0.0.1:1313").0.status == 200)
        #expect(respond("GET", "http://evil.com/").0.status == 421)
        #expect(respond("GET", "ftp://127.0.0.1/").0.status == 400)
        #expect(respond("GET", "*").0.status == 400)
    }

    @Test func rawNULInTheTargetIs400() {
        let (response, body) = respond(HTTPRequest(method: "GET", target: Array("/index.html".utf8) + [0]), with: router)
        #expect(response.status == 400)
        #expect(!body.contains("Home"))
    }

    @Test(arguments: ["/", "/style.css"])
    func notModifiedDeclaresTheLengthA200Would(_ path: String) {
        let (full, body) = respond(path)
        let tag = full.header("ETag") ?? ""
        let notModified = router.respond(to: HTTPRequest(method: "GET", target: Array(path.utf8), ifNoneMatch: tag))
        #expect(notModified.status == 304)
        switch notModified.body {
        case .file(let file, let window):
            file.close()
            #expect(window.count == body.utf8.count)
        case .bytes(let bytes):
            #expect(bytes.count == body.utf8.count, "the representation, unsent, gives the length")
        case .eventStream:
            Issue.record("a 304 keeps the representation")
        }
        #expect(full.header("Content-Length") == nil, "libmicrohttpd adds it from the body")
    }

    @Test func singleByteRangesGet206() {
        let css = "body { color: black; }"
        for (header, expected, contentRange) in [
            ("bytes=0-3", "body", "bytes 0-3/22"),
            ("bytes=5-", String(css.dropFirst(5)), "bytes 5-21/22"),
            ("bytes=-2", " }", "bytes 20-21/22"),
            ("bytes=20-100", " }", "bytes 20-21/22"),
            ("Bytes=0-0", "b", "bytes 0-0/22"),
        ] {
            let (response, body) = respond(HTTPRequest(method: "GET", target: Array("/style.css".utf8), range: header), with: router)
            #expect(response.status == 206, "\(header)")
            #expect(body == expected, "\(header)")
            #expect(response.header("Content-Range") == contentRange, "\(header)")
            #expect(response.header("Accept-Ranges") == "bytes")
        }
    }

    @Test func rangesOverHTMLCountTheInjectedScript() {
        let (full, page) = respond("/")
        let (part, body) = respond(HTTPRequest(method: "GET", target: Array("/".utf8), range: "bytes=-40"), with: router)
        #expect(part.status == 206)
        #expect(body == String(page.suffix(40)))
        #expect(part.header("Content-Range") == "bytes \(page.utf8.count - 40)-\(page.utf8.count - 1)/\(page.utf8.count)")
        #expect(full.header("ETag") == part.header("ETag"))
    }

    @Test func unsatisfiableRangeGets416AndOthersTheWholeFile() {
        let (refused, text) = respond(HTTPRequest(method: "GET", target: Array("/style.css".utf8), range: "bytes=22-"), with: router)
        #expect(refused.status == 416)
        #expect(refused.header("Content-Range") == "bytes */22")
        #expect(text == "416 Range Not Satisfiable: the file has 22 bytes\n")
        for ignored in ["bytes=0-1,4-5", "items=0-1", "bytes=5-2", "bytes=x-", "bytes = 0-1"] {
            let (response, body) = respond(HTTPRequest(method: "GET", target: Array("/style.css".utf8), range: ignored), with: router)
            #expect(response.status == 200, "\(ignored)")
            #expect(body == "body { color: black; }")
        }
        let (stale, _) = respond(HTTPRequest(method: "GET", target: Array("/style.css".utf8), range: "bytes=0-3", ifRange: "\"old\""), with: router)
        #expect(stale.status == 200)
    }

    @Test func aLargePageIsStreamedFromDiskWithTheScriptBeforeItsBody() throws {
        let paragraph = String(repeating: "<p>words words words</p>\n", count: 20_000)
        try site.parent.write("<html><body>" + paragraph + "</body></html>", to: "site/big/index.html")
        let (response, body) = respond("/big/")
        guard case .file(let file, let window) = response.body else {
            Issue.record("a page is sent from its file")
            return
        }
        file.close()
        #expect(window.count == UInt64(body.utf8.count))
        #expect(body.hasSuffix(paragraph + "<script src=\"/__cellar/live.js\" defer></script></body></html>"))
    }
}

