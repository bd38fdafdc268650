import Glibc
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
        let response = router.respond(method: method, rawPath: Array(path.utf8), ifNoneMatch: ifNoneMatch)
        switch response.body {
        case .bytes(let bytes):
            return (response, String(decoding: bytes, as: UTF8.self))
        case .file(let descriptor, let size):
            let text = String(decoding: OpenedFile(descriptor: descriptor, size: size, entityTag: EntityTag(stat())).readAll(), as: UTF8.self)
            close(descriptor)
            return (response, text)
        case .eventStream:
            return (response, "<stream>")
        }
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
        guard case .file = response.body else {
            Issue.record("CSS should be streamed from the file")
            return
        }
    }

    @Test func noScriptWhenLiveReloadIsOff() {
        var configuration = router.configuration
        configuration.liveReload = false
        let response = RequestRouter(configuration: configuration).respond(method: "GET", rawPath: Array("/".utf8), ifNoneMatch: nil)
        if case .file(let descriptor, _) = response.body { close(descriptor) } else { Issue.record("expected the file as is") }
        let script = RequestRouter(configuration: configuration).respond(method: "GET", rawPath: Array("/__cellar/live.js".utf8), ifNoneMatch: nil)
        #expect(script.status == 404)
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

    @Test func folderRedirects() {
        let (response, _) = respond("/posts?x=1")
        #expect(response.status == 302)
        #expect(response.header("Location") == "/posts/")
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
}
