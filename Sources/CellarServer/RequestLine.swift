/// The raw request target, as far as libmicrohttpd lets the server see it.
///
/// libmicrohttpd hands the target over as a C string, so a raw NUL in it
/// (`GET /index.html\0.css`) would silently cut it short and serve `index.html`. Two things
/// together tell such a target from a clean one:
/// - the URI log callback sees the target before anything else touches it, and notes how far
///   it runs before its first `?` or NUL (``Mark``);
/// - once the head has arrived, the request line's real end is known (where the first header
///   starts), and ``targetLength(inLineFrom:)`` finds where libmicrohttpd ended the target.
///
/// A target whose first stop is a NUL before that end held a raw NUL.
enum RequestLine {
    /// What the URI log callback noted, kept in the per-request pointer libmicrohttpd passes to
    /// the access handler (a tagged integer, so there is nothing to free).
    struct Mark: Equatable, Sendable {
        /// The bytes before the first `?` or NUL.
        var pathLength: Int
        /// Whether that stop was a NUL (the end libmicrohttpd put there, or a raw one).
        var endedAtNUL: Bool
        /// Whether the access handler has seen the request once (its head is complete).
        var seen = false

        init(pathLength: Int, endedAtNUL: Bool, seen: Bool = false) {
            self.pathLength = pathLength
            self.endedAtNUL = endedAtNUL
            self.seen = seen
        }

        /// Notes the target that starts at `uri`.
        init(scanning uri: UnsafePointer<CChar>) {
            var length = 0
            while uri[length] != 0 && uri[length] != CChar(UInt8(ascii: "?")) { length += 1 }
            self.init(pathLength: length, endedAtNUL: uri[length] == 0)
        }

        /// Reads a mark back; `nil` for a null pointer.
        init?(_ pointer: UnsafeMutableRawPointer?) {
            guard let pointer else { return nil }
            let bits = UInt(bitPattern: pointer)
            pathLength = Int(bits >> 3)
            endedAtNUL = bits & 2 != 0
            seen = bits & 4 != 0
        }

        /// The mark as a pointer-sized tag: never null.
        var pointer: UnsafeMutableRawPointer? {
            UnsafeMutableRawPointer(bitPattern: UInt(pathLength) << 3 | (seen ? 4 : 0) | (endedAtNUL ? 2 : 0) | 1)
        }
    }

    /// Where libmicrohttpd ended the target in `line`: the bytes from the target's start to the
    /// end of the request line, with the space before the HTTP version and the line end
    /// replaced by NULs, as libmicrohttpd leaves them. Scans back over the line end, trailing
    /// spaces and the version. `nil` when the line does not look like that.
    static func targetLength(inLineFrom line: UnsafeRawBufferPointer) -> Int? {
        var index = line.count - 1
        while index >= 0 && (line[index] == 0 || line[index] == UInt8(ascii: " ")) { index -= 1 }
        let versionEnd = index
        while index >= 0 && line[index] != 0 && line[index] != UInt8(ascii: " ") { index -= 1 }
        guard index >= 0, index < versionEnd, line[index] == 0 else { return nil }
        return index
    }
}
