import Glibc

/// Decides the response to a request, without sockets: the whole of the server's HTTP
/// behaviour except the sending.
///
/// - Only `GET` and `HEAD` (405 with `Allow: GET, HEAD` otherwise); for `HEAD` libmicrohttpd
///   sends the same headers without the body.
/// - `/__cellar/live.js` and `/__cellar/events` when live reload is on.
/// - Files through ``StaticFileResolver``; HTML gets the live-reload script; every file an
///   ``EntityTag``, and a matching `If-None-Match` gives 304.
/// - `Cache-Control: no-store` for HTML, error pages and the live endpoints; `no-cache`
///   (revalidate every time) for other files; `X-Content-Type-Options: nosniff` on everything.
/// - Unknown paths get the site's 404 page with status 404, or a plain-text one.
struct RequestRouter: Sendable {
    var configuration: ServerConfiguration

    /// The response to `method` on `rawPath` (the request target as sent, still percent-encoded).
    func respond(method: String, rawPath: [UInt8], ifNoneMatch: String?) -> HTTPResponse {
        guard method == "GET" || method == "HEAD" else {
            var response = Self.plainText(405, "405 Method Not Allowed: only GET and HEAD are served\n")
            response.headers.append(.init(name: "Allow", value: "GET, HEAD"))
            return response
        }
        let path = rawPath.prefix { $0 != UInt8(ascii: "?") }
        if configuration.liveReload, let response = liveEndpoint(path: path, isHead: method == "HEAD") {
            return response
        }
        switch resolver.resolve(rawBytes: rawPath) {
        case .file(let file, let mimeType):
            return serveFile(at: file, mimeType: mimeType, status: 200, ifNoneMatch: ifNoneMatch)
        case .redirect(let location):
            var response = Self.plainText(302, "302 Found: \(location)\n")
            response.headers.append(.init(name: "Location", value: location))
            return response
        case .notFound:
            return notFound()
        case .forbidden:
            return Self.plainText(403, "403 Forbidden\n")
        case .badRequest:
            return Self.plainText(400, "400 Bad Request\n")
        }
    }
}

private extension RequestRouter {
    var resolver: StaticFileResolver {
        StaticFileResolver(root: configuration.root)
    }

    func liveEndpoint(path: ArraySlice<UInt8>, isHead: Bool) -> HTTPResponse? {
        if path.elementsEqual(LiveReloadScript.path.utf8) {
            return HTTPResponse(
                status: 200,
                headers: Self.headers(contentType: MIMEType.javascript.headerValue, cache: "no-store"),
                body: .bytes(LiveReloadScript.bytes)
            )
        }
        if path.elementsEqual(LiveReloadScript.eventsPath.utf8) {
            return HTTPResponse(
                status: 200,
                headers: Self.headers(contentType: "text/event-stream; charset=utf-8", cache: "no-store"),
                body: isHead ? .bytes([]) : .eventStream
            )
        }
        return nil
    }

    func serveFile(at path: String, mimeType: MIMEType, status: Int, ifNoneMatch: String?) -> HTTPResponse {
        let file: OpenedFile
        switch OpenedFile.open(path) {
        case .success(let opened): file = opened
        case .failure(.missing): return status == 404 ? Self.plainText(404, "404 Not Found\n") : notFound()
        case .failure(.notRegular): return Self.plainText(403, "403 Forbidden\n")
        }
        let isHTML = mimeType == .html
        var headers = Self.headers(contentType: mimeType.headerValue, cache: isHTML || status != 200 ? "no-store" : "no-cache")
        headers.append(.init(name: "ETag", value: file.entityTag.value))

        if status == 200, let ifNoneMatch, file.entityTag.isMatched(byIfNoneMatch: ifNoneMatch) {
            file.close()
            return HTTPResponse(status: 304, headers: headers, body: .bytes([]))
        }
        guard isHTML && configuration.liveReload else {
            return HTTPResponse(status: status, headers: headers, body: .file(descriptor: file.descriptor, size: file.size))
        }
        let html = file.readAll()
        file.close()
        return HTTPResponse(status: status, headers: headers, body: .bytes(HTMLInjector.liveReload.inject(into: html)))
    }

    func notFound() -> HTTPResponse {
        let page = resolver.resolve("/" + configuration.notFoundPage)
        guard case .file(let path, let mimeType) = page else {
            return Self.plainText(404, "404 Not Found\n")
        }
        return serveFile(at: path, mimeType: mimeType, status: 404, ifNoneMatch: nil)
    }

    static func plainText(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: headers(contentType: MIMEType.text.headerValue, cache: "no-store"),
            body: .bytes(Array(text.utf8))
        )
    }

    static func headers(contentType: String, cache: String) -> [HTTPResponse.Header] {
        [
            .init(name: "Content-Type", value: contentType),
            .init(name: "Cache-Control", value: cache),
            .init(name: "X-Content-Type-Options", value: "nosniff"),
        ]
    }
}
