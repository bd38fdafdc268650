/// What ``RequestRouter`` needs of a request, read from libmicrohttpd's connection.
struct HTTPRequest: Sendable {
    var method: String
    /// The protocol version of the request line (`HTTP/1.1`, `HTTP/1.0`).
    var version: String
    /// The request target as sent, still percent-encoded, with its query. A raw NUL the client put
    /// in it is kept, so that the request is refused rather than cut short.
    var target: [UInt8]
    /// The value of each `Host` header line, in the order sent: a request must carry exactly one
    /// (RFC 9112 §3.2; an HTTP/1.0 request may carry none).
    var hosts: [String]
    var ifNoneMatch: String?
    var range: String?
    var ifRange: String?

    init(method: String, target: [UInt8], version: String = "HTTP/1.1", hosts: [String] = ["127.0.0.1"],
         ifNoneMatch: String? = nil, range: String? = nil, ifRange: String? = nil) {
        self.method = method
        self.version = version
        self.target = target
        self.hosts = hosts
        self.ifNoneMatch = ifNoneMatch
        self.range = range
        self.ifRange = ifRange
    }
}
