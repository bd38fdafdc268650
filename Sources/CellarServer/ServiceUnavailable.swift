/// The answer to a client over one of the ``ConnectionLimits``: 503 Service Unavailable with
/// `Retry-After`, after which the connection closes — never a connection closed without a word,
/// which a client cannot tell from a crash (and which drops a request that was on its way).
enum ServiceUnavailable: Equatable, Sendable {
    /// The client's address already has `limit` requests being answered.
    case clientBusy(limit: Int)
    /// No live-reload stream can be opened: `limit` are open (or the system refused one more).
    case streamsFull(limit: Int)
    /// A connection turned away because the server keeps as many as it can: an idle one closed
    /// to keep room for page requests, or a new one past the maximum.
    case tooManyConnections

    /// How long the client is asked to wait, in seconds.
    static let retryAfterSeconds = 1

    /// The plain-text body.
    var message: String {
        let reason = switch self {
        case .clientBusy(let limit):
            "this preview server is already answering \(limit) requests from your address"
        case .streamsFull(let limit):
            "no more pages can live-reload now (at most \(limit) at once); this one retries later"
        case .tooManyConnections:
            "the preview server has as many connections open as it keeps, and closed this one"
        }
        return "503 Service Unavailable: \(reason); retry in \(Self.retryAfterSeconds) s\n"
    }

    /// The response, for libmicrohttpd to send.
    var response: HTTPResponse {
        HTTPResponse(status: 503, headers: headers, body: .bytes(Array(message.utf8)))
    }

    /// The whole response as bytes, for a connection closed without libmicrohttpd's help.
    var wireBytes: [UInt8] {
        let body = Array(message.utf8)
        var head = "HTTP/1.1 503 Service Unavailable\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}

private extension ServiceUnavailable {
    var headers: [HTTPResponse.Header] {
        [
            .init(name: "Content-Type", value: MIMEType.text.headerValue),
            .init(name: "Cache-Control", value: "no-store"),
            .init(name: "X-Content-Type-Options", value: "nosniff"),
            .init(name: "Retry-After", value: String(Self.retryAfterSeconds)),
            .init(name: "Connection", value: "close"),
        ]
    }
}
