/// What ``RequestRouter`` needs of a request, read from libmicrohttpd's connection.
struct HTTPRequest: Sendable {
    var method: String
    /// The request target as sent (still percent-encoded; the query may be left off). A raw NUL
    /// the client put in it is kept, so that the request is refused rather than cut short.
    var target: [UInt8]
    /// The `Host` header, if any.
    var host: String?
    var ifNoneMatch: String?
    var range: String?
    var ifRange: String?

    init(method: String, target: [UInt8], host: String? = "127.0.0.1", ifNoneMatch: String? = nil,
         range: String? = nil, ifRange: String? = nil) {
        self.method = method
        self.target = target
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        self.range = range
        self.ifRange = ifRange
    }
}
