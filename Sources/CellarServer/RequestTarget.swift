/// A request target as the client sent it, in one of the two forms a server must accept for
/// `GET` (RFC 9112 §3.2): the origin form (`/posts/?page=2`) or the absolute form
/// (`http://127.0.0.1:1313/posts/?page=2`), which clients talking to a proxy send and which
/// every HTTP/1.1 server must understand.
///
/// Parsing is pure: ``pathAndQuery`` is still percent-encoded, for ``RequestPath``.
struct RequestTarget: Equatable, Sendable {
    /// The authority of an absolute-form target (`127.0.0.1:1313`), which then stands in for the
    /// `Host` header (RFC 9112 §3.2.2); `nil` for the origin form.
    var authority: String?
    /// The path and query, as sent: always starts with `/` for an absolute-form target.
    var pathAndQuery: [UInt8]

    init(authority: String?, pathAndQuery: [UInt8]) {
        self.authority = authority
        self.pathAndQuery = pathAndQuery
    }

    /// Splits `raw`; `nil` when it is neither form (`*`, a scheme other than `http`, an empty
    /// authority or one with user information).
    init?(raw: [UInt8]) {
        guard let first = raw.first else { return nil }
        if first == UInt8(ascii: "/") {
            authority = nil
            pathAndQuery = raw
            return
        }
        let scheme = Array("http://".utf8)
        guard raw.count > scheme.count,
              zip(raw, scheme).allSatisfy({ Self.lowercased($0) == $1 })
        else { return nil }
        let rest = raw[scheme.count...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? rest.endIndex
        let authorityBytes = rest[..<end]
        guard !authorityBytes.isEmpty,
              authorityBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "@") })
        else { return nil }
        authority = String(decoding: authorityBytes, as: UTF8.self)
        let path = rest[end...]
        pathAndQuery = path.first == UInt8(ascii: "/") ? Array(path) : [UInt8(ascii: "/")] + path
    }

    /// The path alone: everything before the query.
    var path: ArraySlice<UInt8> {
        pathAndQuery.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    }
}

private extension RequestTarget {
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
