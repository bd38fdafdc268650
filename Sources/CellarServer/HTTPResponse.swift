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
        /// Bytes in memory (HTML with the injected script, error pages, the script itself).
        case bytes([UInt8])
        /// An open file, sent by the daemon as it reads it.
        case file(descriptor: Int32, size: UInt64)
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
