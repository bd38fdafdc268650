/// A request path, percent-decoded exactly once and checked segment by segment.
///
/// Parsing is pure (no file system). A path is accepted only when its segments can be
/// joined onto a folder without leaving it:
/// - the query (`?…`) is kept apart (``query``) and the fragment (`#…`) dropped;
/// - it must start with `/`; raw bytes must be printable ASCII other than `\` (a raw NUL is
///   malformed: a client that sends one means a path that does not exist);
/// - every `%` must start a two-digit hex escape; the decoded bytes must be valid UTF-8
///   (overlong forms such as `%c0%ae` are not) with no control characters, NUL or `\`;
/// - a decoded `%hh` left over means the path was encoded twice (`%252e`): refused;
/// - `%2f` decodes to a separator before splitting, so `..%2f` is still a `..` segment;
/// - empty segments (`//etc/passwd`, `/a//b`), `.` and `..` are refused.
struct RequestPath: Equatable, Sendable {
    /// Why a path was refused.
    enum Rejection: Error, Equatable, Sendable {
        /// Not a well-formed origin-form path (bad escape, invalid UTF-8, control characters).
        case malformed
        /// An attempt to step out of the root (`..`, `\`, an encoded NUL, `//`, double encoding).
        case traversal
    }

    /// The decoded segments, in order; never empty strings, `.` or `..`.
    var segments: [String]
    /// Whether the path ended with `/`, that is, asked for a folder.
    var isFolderRequest: Bool
    /// The query (after `?`, before any `#`) as sent, with any byte that may not stand in a header
    /// percent-encoded; `nil` when there is none or it is empty.
    var query: String?

    /// Whether any segment names a hidden file or folder (a leading `.`), except `.well-known`.
    var isHidden: Bool {
        segments.contains { $0.hasPrefix(".") && $0 != ".well-known" }
    }

    /// The path re-encoded for a `Location` header, ending with `/` if `asFolder`.
    func encoded(asFolder: Bool) -> String {
        let body = segments.map(Self.percentEncode).joined(separator: "/")
        if body.isEmpty { return "/" }
        return "/" + body + (asFolder ? "/" : "")
    }

    /// Where a folder asked for without its slash is: the path with `/` added and the query kept.
    /// Always a path on this server (`/` then a segment, never `//`), so never another host.
    var folderLocation: String {
        encoded(asFolder: true) + (query.map { "?" + $0 } ?? "")
    }

    /// Parses a raw request target as the client sent it (still percent-encoded).
    init(raw: some Collection<UInt8>) throws(Rejection) {
        let target = raw.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        query = Self.query(in: raw)
        guard target.first == UInt8(ascii: "/") else { throw .malformed }
        for byte in target {
            if byte == UInt8(ascii: "\\") { throw .traversal }
            guard byte > 0x20, byte < 0x7F else { throw .malformed }
        }
        let decoded = try Self.percentDecode(target)
        if decoded.contains(0) || decoded.contains(UInt8(ascii: "\\")) { throw .traversal }
        if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw .malformed }
        if Self.containsEscape(decoded) { throw .traversal }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw .malformed }

        var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeFirst()  // the empty part before the leading "/"
        isFolderRequest = parts.last == ""
        if isFolderRequest { parts.removeLast() }
        for part in parts where part.isEmpty || part == "." || part == ".." {
            throw .traversal
        }
        segments = parts
    }
}

private extension RequestPath {
    static func query(in raw: some Collection<UInt8>) -> String? {
        guard let mark = raw.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
              raw[mark] == UInt8(ascii: "?")
        else { return nil }
        let bytes = raw[raw.index(after: mark)...].prefix { $0 != UInt8(ascii: "#") }
        guard !bytes.isEmpty else { return nil }
        var result = ""
        for byte in bytes {
            if byte > 0x20 && byte < 0x7F {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += hexEscape(byte)
            }
        }
        return result
    }

    static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    static func percentDecode(_ bytes: some Collection<UInt8>) throws(Rejection) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .malformed
            }
            result.append(high << 4 | low)
        }
        return result
    }

    static func containsEscape(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            if hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil { return true }
        }
        return false
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func percentEncode(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            if isUnreservedInPath(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += hexEscape(byte)
            }
        }
        return result
    }

    static func isUnreservedInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("-._~!$&'()*+,;=:@".utf8).contains(byte)
        }
    }
}
