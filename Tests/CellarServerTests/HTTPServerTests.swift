import AnnotatedLocking
import CellarTestSupport
import Foundation
import Synchronization
import Testing
@testable import CellarServer

/// The server over real sockets on a free loopback port.
@Suite(.timeLimit(.minutes(2 * sanitizerSlowdown))) final class HTTPServerTests {
    let site: SiteFixture
    let hub = LiveReloadHub(heartbeatInterval: .milliseconds(200))
    let server: HTTPServer
    let port: UInt16

    init() throws {
        site = try SiteFixture()
        server = HTTPServer(configuration: ServerConfiguration(root: site.root, port: 0), hub: hub)
        port = try server.start()
    }

    deinit {
        server.stop()
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/data.json", "application/json; charset=utf-8"),
        ("/feed.xml", "application/xml; charset=utf-8"),
        ("/robots.txt", "text/plain; charset=utf-8"),
        ("/logo.svg", "image/svg+xml; charset=utf-8"),
        ("/photo.jpg", "image/jpeg"),
        ("/photo.png", "image/png"),
        ("/font.woff2", "font/woff2"),
        ("/module.wasm", "application/wasm"),
        ("/app.js.map", "application/json; charset=utf-8"),
        ("/archive.bin", "application/octet-stream"),
    ])
    func servesEachTypeWithItsContentType(_ path: String, _ contentType: String) throws {
        let response = try RawHTTP.get(path, port: port)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == contentType)
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(response.headers["content-length"] == String(response.body.count))
    }

    @Test func htmlIsInjectedButNotOnDiskAndNotInCSS() throws {
        let page = try RawHTTP.get("/posts/", port: port)
        #expect(page.text == "<html><BODY><p>Posts</p><script src=\"/__cellar/live.js\" defer></script></BODY></html>")
        #expect(page.headers["cache-control"] == "no-store")
        #expect(try site.parent.read("site/posts/index.html") == "<html><BODY><p>Posts</p></BODY></html>")
        let css = try RawHTTP.get("/style.css", port: port)
        #expect(css.text == "body { color: black; }")
        let js = try RawHTTP.get("/app.js", port: port)
        #expect(!js.text.contains("__cellar"))
    }

    @Test func headHasTheHeadersButNoBody() throws {
        let get = try RawHTTP.get("/", port: port)
        let head = try RawHTTP.request("HEAD", "/", port: port)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        #expect(head.headers["etag"] == get.headers["etag"])
    }

    @Test func ifNoneMatchGives304() throws {
        let first = try RawHTTP.get("/style.css", port: port)
        let tag = try #require(first.headers["etag"])
        let second = try RawHTTP.get("/style.css", port: port, headers: ["If-None-Match": tag])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        try site.parent.write("body { color: red; }", to: "site/style.css")
        let third = try RawHTTP.get("/style.css", port: port, headers: ["If-None-Match": tag])
        #expect(third.status == 200)
        #expect(third.text == "body { color: red; }")
    }

    @Test func percentEncodedNamesAreServed() throws {
        #expect(try RawHTTP.get("/with%20space.txt", port: port).text == "spaced")
        #expect(try RawHTTP.get("/caf%C3%A9/", port: port).text.hasPrefix("<p>Café</p>"))
        #expect(try RawHTTP.get("/robots.txt?v=2", port: port).text == "User-agent: *")
    }

    @Test func unknownPathGetsThe404Page() throws {
        let response = try RawHTTP.get("/no/such/page/", port: port)
        #expect(response.status == 404)
        #expect(response.text.contains("<p>Lost?</p>"))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func otherMethodsGet405(_ method: String) throws {
        let response = try RawHTTP.request(method, "/index.html", port: port, body: method == "DELETE" ? "" : "a=1")
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, HEAD")
    }

    @Test(arguments: [
        ("/posts", "/posts/"),
        ("/posts/hello?page=2", "/posts/hello/?page=2"),
        ("/posts?q=a+b%20c&flag&empty=", "/posts/?q=a+b%20c&flag&empty="),
        ("/caf%C3%A9?x=%C3%A9", "/caf%C3%A9/?x=%C3%A9"),
        ("/evil.com?next=//evil.com", "/evil.com/?next=//evil.com"),
    ])
    func folderRedirectsPermanentlyToItsSlashKeepingTheQuery(_ path: String, _ location: String) throws {
        let response = try RawHTTP.get(path, port: port)
        #expect(response.status == 301)
        #expect(response.headers["location"] == location)
        #expect(response.headers["cache-control"] == "no-store", "a preview's redirect must not outlive it in the browser's cache")
    }

    @Test(arguments: ["//evil.com", "//evil.com/", "///evil.com", "/%2F%2Fevil.com", "/%2fevil.com", "/\\evil.com",
                      "/%5Cevil.com", "/.//evil.com", "//evil.com?x=1", "/./evil.com"])
    func aPathLikeAnotherHostIsNeverRedirectedThere(_ path: String) throws {
        let response = try RawHTTP.get(path, port: port)
        #expect(![301, 302, 307, 308].contains(response.status), "\(path) gave \(response.status) to \(response.headers["location"] ?? "")")
        #expect(response.headers["location"] == nil)
    }

    @Test(arguments: StaticFileResolverTests.attacks.filter { !$0.contains(" ") && !$0.contains("\u{1}") } + [
        "/posts/../../secret.txt", "/..%5csecret.txt", "/%2e%2e%5csecret.txt", "/.%2e/secret.txt",
    ])
    func traversalOverTheWireIsRefused(_ path: String) throws {
        let response = try RawHTTP.get(path, port: port)
        #expect([400, 403].contains(response.status), "\(path) gave \(response.status)")
        #expect(!response.text.contains("TOP SECRET"))
        #expect(!response.text.contains("root:"))
    }

    @Test func fiftyConcurrentClientsAreAllAnsweredWhileStreamsAreOpen() throws {
        let streams = try (0..<5).map { _ in try EventStreamClient(port: port) }
        for stream in streams { _ = try stream.events(count: 0) }
        let paths = ["/", "/style.css", "/app.js", "/nope", "/posts/"]
        let expected = [200, 200, 200, 404, 200]
        let connections = try (0..<50).map { _ in try TCPConnection(port: port) }
        for (index, connection) in connections.enumerated() {
            try connection.send("GET \(paths[index % 5]) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        }
        let statuses = Mutex<[Int: Result<Int, TCPConnection.Failure>]>([:])
        DispatchQueue.concurrentPerform(iterations: connections.count) { index in
            let status = Result { try RawHTTPResponse(parsing: connections[index].receiveAll()).status }
                .mapError { TCPConnection.Failure(description: "\($0)") }
            statuses.withAnnotatedLock { $0[index] = status }
        }
        let results = statuses.withAnnotatedLock { $0 }
        #expect(results.count == 50)
        for index in 0..<50 {
            #expect(try results[index]?.get() == expected[index % 5], "client \(index)")
        }
        #expect(hub.connectedClients == 5)
    }

    @Test func busyPortIsReportedWithASuggestion() throws {
        let other = HTTPServer(configuration: ServerConfiguration(root: site.root, port: port))
        #expect(throws: ServerError.portInUse(host: "127.0.0.1", port: port)) { try other.start() }
        let message = ServerError.portInUse(host: "127.0.0.1", port: port).description
        #expect(message.contains("port \(port)"))
        #expect(message.contains("--port 0"))
    }

    @Test func stopReleasesThePortEvenWithOpenStreamsAndIdleConnections() throws {
        let streams = try (0..<3).map { _ in try EventStreamClient(port: port) }
        for stream in streams { _ = try stream.events(count: 0) }
        #expect(try waitUntil { self.hub.connectedClients == 3 })
        let idle = try TCPConnection(port: port)  // keep-alive, as browsers leave them
        try idle.send("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _ = try idle.receive()
        let halfSent = try TCPConnection(port: port)
        try halfSent.send("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = ContinuousClock.now
        server.stop()
        #expect(started.duration(to: .now) < .seconds(2))
        for stream in streams { #expect(stream.waitForEnd()) }
        #expect(hub.connectedClients == 0)
        #expect(throws: (any Error).self) { try TCPConnection(port: port) }

        let again = HTTPServer(configuration: ServerConfiguration(root: site.root, port: port))
        #expect(try again.start() == port)
        #expect(try RawHTTP.get("/", port: port).status == 200)
        again.stop()
    }

    @Test func startTwiceIsAnError() {
        #expect(throws: ServerError.alreadyRunning) { try server.start() }
    }

    @Test func invalidHostIsRejected() {
        let server = HTTPServer(configuration: ServerConfiguration(root: site.root, host: "example.com", port: 0))
        #expect(throws: ServerError.invalidHost("example.com")) { try server.start() }
    }

    @Test func hostsKnowWhetherTheyAreLoopback() {
        #expect(ServerConfiguration(root: ".").isLoopback)
        #expect(ServerConfiguration(root: ".", host: "localhost").isLoopback)
        #expect(ServerConfiguration(root: ".", host: "127.0.0.2").isLoopback)
        #expect(!ServerConfiguration(root: ".", host: "0.0.0.0").isLoopback)
        #expect(!ServerConfiguration(root: ".", host: "192.168.1.10").isLoopback)
    }

    @Test func localhostBindsLoopback() throws {
        let server = HTTPServer(configuration: ServerConfiguration(root: site.root, host: "localhost", port: 0))
        let port = try server.start()
        defer { server.stop() }
        #expect(try RawHTTP.get("/robots.txt", port: port).text == "User-agent: *")
    }

    @Test(arguments: [
        "Host: 127.0.0.1\r\nHost: evil.com\r\n",
        "Host: evil.com\r\nHost: 127.0.0.1\r\n",
        "Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n",
        "Host: 127.0.0.1\r\nX-Other: 1\r\nhOsT: localhost\r\n",
        "",
    ])
    func anHTTP11RequestNeedsExactlyOneHost(_ hostLines: String) throws {
        let response = try RawHTTP.send(Array("GET / HTTP/1.1\r\n\(hostLines)Connection: close\r\n\r\n".utf8), port: port)
        #expect(response.status == 400, "\(hostLines.debugDescription)")
        #expect(response.text.contains("exactly one Host header"))
        #expect(!response.text.contains("Home"))
    }

    @Test func anAbsoluteFormTargetStillNeedsItsHostHeader() throws {
        let bare = try RawHTTP.send(Array("GET http://127.0.0.1:\(port)/ HTTP/1.1\r\nConnection: close\r\n\r\n".utf8), port: port)
        #expect(bare.status == 400)
        let doubled = try RawHTTP.send(Array(("GET http://127.0.0.1:\(port)/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Host: 127.0.0.1\r\nConnection: close\r\n\r\n").utf8), port: port)
        #expect(doubled.status == 400)
    }

    @Test func anotherHostNameGets421() throws {
        let refused = try RawHTTP.get("/", port: port, headers: ["Host": "evil.com:\(port)"])
        #expect(refused.status == 421)
        #expect(refused.text.contains("answers to localhost, 127.0.0.1, [::1]"))
        #expect(!refused.text.contains("Home"))
        #expect(try RawHTTP.get("/", port: port, headers: ["Host": "localhost:\(port)"]).status == 200)
        #expect(try RawHTTP.get("/", port: port, headers: ["Host": "[::1]:\(port)"]).status == 200)
    }

    @Test(arguments: [
        "GET /index.html\u{0}.css HTTP/1.1", "GET /index.html\u{0} HTTP/1.1", "GET /\u{0}index.html HTTP/1.1",
        "GET /index.html\u{0}HTTP/1.1\u{0}\u{0} HTTP/1.1", "GET /index.html\u{0}.css?v=1 HTTP/1.1",
    ])
    func rawNULInTheTargetGets400(_ line: String) throws {
        let response = try RawHTTP.send(Array((line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").utf8), port: port)
        #expect(response.status == 400, "\(line.debugDescription)")
        #expect(!response.text.contains("Home"))
    }

    @Test func aNULInTheQueryOrNoHeadersAtAllStillServe() throws {
        let query = try RawHTTP.send(Array("GET /robots.txt?a\u{0}b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8), port: port)
        #expect(query.text == "User-agent: *")
        let bare = try RawHTTP.send(Array("GET /robots.txt HTTP/1.0\r\n\r\n".utf8), port: port)
        #expect(bare.text == "User-agent: *")
        let bareNUL = try RawHTTP.send(Array("GET /robots.txt\u{0}x HTTP/1.0\r\n\r\n".utf8), port: port)
        #expect(bareNUL.status == 400)
    }

    @Test func absoluteFormTargetIsServed() throws {
        let response = try RawHTTP.get("http://127.0.0.1:\(port)/robots.txt", port: port)
        #expect(response.status == 200)
        #expect(response.text == "User-agent: *")
    }

    @Test(arguments: ["/", "/style.css"])
    func notModifiedCarriesTheLengthOfTheFullResponse(_ path: String) throws {
        let full = try RawHTTP.get(path, port: port)
        let tag = try #require(full.headers["etag"])
        let notModified = try RawHTTP.get(path, port: port, headers: ["If-None-Match": tag])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.headers["content-length"] == String(full.body.count))
    }

    @Test func byteRangesOverTheWire() throws {
        let part = try RawHTTP.get("/style.css", port: port, headers: ["Range": "bytes=5-9"])
        #expect(part.status == 206)
        #expect(part.text == "{ col")
        #expect(part.headers["content-range"] == "bytes 5-9/22")
        #expect(part.headers["content-length"] == "5")
        #expect(part.headers["accept-ranges"] == "bytes")
        let page = try RawHTTP.get("/", port: port)
        let tail = try RawHTTP.get("/", port: port, headers: ["Range": "bytes=-20"])
        #expect(tail.status == 206)
        #expect(tail.body == Array(page.body.suffix(20)))
        let refused = try RawHTTP.get("/style.css", port: port, headers: ["Range": "bytes=100-"])
        #expect(refused.status == 416)
        #expect(refused.headers["content-range"] == "bytes */22")
    }

    @Test func rootSwappedBetweenRequestsIsServedFresh() throws {
        #expect(try RawHTTP.get("/robots.txt", port: port).text == "User-agent: *")
        try site.parent.write("new build", to: "next/robots.txt")
        try site.parent.rename("site", to: "old")
        try site.parent.rename("next", to: "site")
        #expect(try RawHTTP.get("/robots.txt", port: port).text == "new build")
    }
}

/// Polls `condition` every 5 ms until it holds or `timeout` passes (longer under a sanitizer, which
/// slows the server and the watchers down; a condition that holds returns at once either way).
func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) throws -> Bool {
    let deadline = ContinuousClock.now + timeout * sanitizerSlowdown
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}
