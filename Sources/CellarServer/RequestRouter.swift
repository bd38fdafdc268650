/// Decides the response to a request, without sockets: the whole of the server's HTTP
/// behaviour except the sending.
///
/// - Only `GET` and `HEAD` (405 with `Allow: GET, HEAD` otherwise); for `HEAD` libmicrohttpd
///   sends the same headers without the body.
/// - The origin form (`/x`) and the absolute form (`http://127.0.0.1:1313/x`) of the target;
///   anything else, and a raw NUL in it, is 400.
/// - Exactly one `Host` header (none only from HTTP/1.0 clients; 400 otherwise, RFC 9112 §3.2), and
///   only the names in ``HostPolicy`` (421 otherwise), so a DNS-rebinding page cannot read it.
/// - `/__cellar/live.js` and `/__cellar/events` when live reload is on.
/// - Files through ``StaticFileResolver``, streamed from disk; a folder asked for without its
///   slash gets 301 to it, query kept (`/posts?page=2` → `/posts/?page=2`), as static hosts do;
///   HTML gets the live-reload script;
///   every file an ``EntityTag``, and a matching `If-None-Match` gives 304 (whose
///   `Content-Length` is the one a 200 would have); a single byte range gives 206
///   (`Accept-Ranges: bytes`; 416 when it starts past the end; `If-Range` honoured).
/// - `Cache-Control: no-store` for HTML, error pages and the live endpoints; `no-cache`
///   (revalidate every time) for other files; `X-Content-Type-Options: nosniff` on everything.
/// - Unknown paths get the site's 404 page with status 404, or a plain-text one.
struct RequestRouter: Sendable {
    var configuration: ServerConfiguration

    /// The response to `request`.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = Self.plainText(405, "405 Method Not Allowed: only GET and HEAD are served\n")
            response.headers.append(.init(name: "Allow", value: "GET, HEAD"))
            return response
        }
        if let problem = Self.hostProblem(request) { return problem }
        guard let target = RequestTarget(raw: request.target) else {
            return Self.plainText(400, "400 Bad Request: the request target must be a path such as /index.html\n")
        }
        let host = target.authority ?? request.hosts.first
        guard hostPolicy.allows(host) else { return misdirected(host: host ?? "") }
        if configuration.liveReload, let response = liveEndpoint(path: target.path, isHead: request.method == "HEAD") {
            return response
        }
        switch resolver.resolve(rawBytes: target.pathAndQuery) {
        case .file(let file, let mimeType):
            return serveFile(at: file, mimeType: mimeType, status: 200, request: request)
        case .redirect(let location):
            var response = Self.plainText(301, "301 Moved Permanently: \(location)\n")
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

    var hostPolicy: HostPolicy {
        HostPolicy(listenHost: configuration.host)
    }

    /// A 400 unless the request has exactly one `Host` header, or none from an HTTP/1.0 client
    /// (RFC 9112 §3.2): with two, which one the server obeyed would depend on the server.
    static func hostProblem(_ request: HTTPRequest) -> HTTPResponse? {
        let count = request.hosts.count
        if count == 1 || (count == 0 && request.version == "HTTP/1.0") { return nil }
        return plainText(400, "400 Bad Request: a request must carry exactly one Host header (RFC 9112 §3.2); "
            + "this one has \(count == 0 ? "none" : String(count))\n")
    }

    func misdirected(host: String) -> HTTPResponse {
        let names = hostPolicy.acceptedNames.joined(separator: ", ")
        let shown = host.count > 100 ? String(host.prefix(100)) + "…" : host
        let also = hostPolicy.listensEverywhere ? " and IP addresses" : ""
        return Self.plainText(421, "421 Misdirected Request: this preview server answers to \(names)\(also), "
            + "not to '\(shown)', so that pages from other sites cannot read it; open it by one of those names.\n")
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
            // A stream that ends (too many open, or the server stopping) takes its connection along.
            var headers = Self.headers(contentType: "text/event-stream; charset=utf-8", cache: "no-store")
            headers.append(.init(name: "Connection", value: "close"))
            return HTTPResponse(status: 200, headers: headers, body: isHead ? .bytes([]) : .eventStream)
        }
        return nil
    }

    /// A file's response: 200 (or `status` for the 404 page), 304, 206 or 416.
    func serveFile(at path: String, mimeType: MIMEType, status: Int, request: HTTPRequest?) -> HTTPResponse {
        let file: OpenedFile
        switch OpenedFile.open(path) {
        case .success(let opened): file = opened
        case .failure(.missing): return status == 404 ? Self.plainText(404, "404 Not Found\n") : notFound()
        case .failure(.notRegular): return Self.plainText(403, "403 Forbidden\n")
        }
        let isHTML = mimeType == .html
        let body = content(of: file, injecting: isHTML && configuration.liveReload)
        var headers = Self.headers(contentType: mimeType.headerValue, cache: isHTML || status != 200 ? "no-store" : "no-cache")
        headers.append(.init(name: "ETag", value: file.entityTag.value))
        guard status == 200, let request else {
            return HTTPResponse(status: status, headers: headers, body: body.whole)
        }
        headers.append(.init(name: "Accept-Ranges", value: "bytes"))
        if let ifNoneMatch = request.ifNoneMatch, file.entityTag.isMatched(byIfNoneMatch: ifNoneMatch) {
            return HTTPResponse(status: 304, headers: headers, body: body.whole)
        }
        switch requestedRange(request, length: body.length, tag: file.entityTag) {
        case .ignored:
            return HTTPResponse(status: 200, headers: headers, body: body.whole)
        case .satisfiable(let window):
            headers.append(.init(name: "Content-Range", value: "bytes \(window.lowerBound)-\(window.upperBound - 1)/\(body.length)"))
            return HTTPResponse(status: 206, headers: headers, body: body.part(window))
        case .unsatisfiable:
            body.discard()
            var response = Self.plainText(416, "416 Range Not Satisfiable: the file has \(body.length) bytes\n")
            response.headers.append(.init(name: "Content-Range", value: "bytes */\(body.length)"))
            return response
        }
    }

    /// The range to send: none without a `Range` header, or when `If-Range` names another version.
    func requestedRange(_ request: HTTPRequest, length: UInt64, tag: EntityTag) -> ByteRange {
        guard let range = request.range else { return .ignored }
        if let ifRange = request.ifRange, ifRange.trimmingCharacters(" \t") != tag.value[...] { return .ignored }
        return ByteRange(header: range, length: length)
    }

    /// What a file's response sends: the file itself; or, for HTML with live reload, the page
    /// with the script spliced in — in memory up to ``inMemoryLimit`` (one copy, one send, as
    /// fast as it gets), streamed from disk beyond.
    func content(of file: OpenedFile, injecting: Bool) -> FileContent {
        guard injecting else { return .file(file.body(inserting: nil)) }
        let injector = HTMLInjector.liveReload
        if file.size <= Self.inMemoryLimit {
            defer { file.close() }
            return .memory(injector.inject(into: file.read(at: 0, count: Int(file.size))))
        }
        let offset = injector.insertionOffset(size: file.size) { file.read(at: $0, count: $1) }
        return .file(file.body(inserting: FileBody.Insertion(offset: offset, bytes: injector.snippet)))
    }

    /// Pages up to this size are injected in memory.
    static let inMemoryLimit: UInt64 = 256 * 1024

    func notFound() -> HTTPResponse {
        let page = resolver.resolve("/" + configuration.notFoundPage)
        guard case .file(let path, let mimeType) = page else {
            return Self.plainText(404, "404 Not Found\n")
        }
        return serveFile(at: path, mimeType: mimeType, status: 404, request: nil)
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
