/// A response decided by ``RequestRouter``, before libmicrohttpd sends it.
///
/// A `.file` body owns its descriptor: whoever receives the response must hand it to the
/// daemon or close it.
struct HTTPResponse {
    /// One response header.
    struct Header: Equatable, Sendable {
        var name: String
        var value: String
    }

    /// What follows the headers.
    enum Body {
        /// Bytes in memory (error pages, the live-reload script).
        case bytes([UInt8])
        /// The bytes `window` of a file's representation, read from disk as they are sent. A 304
        /// carries the whole representation too, unsent, so that its `Content-Length` is the one
        /// a 200 would have had.
        case file(FileBody, window: Range<UInt64>)
        /// The live-reload event stream, open until the client leaves or the server stops.
        case eventStream
    }

    var status: Int
    var headers: [Header]
    var body: Body

    /// The value of the first header named `name`, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
