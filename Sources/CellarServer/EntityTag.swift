/// A strong entity tag made from a file's inode, size and modification time.
///
/// A rebuilt file gets a new tag even when it keeps its size, because its modification time
/// (in nanoseconds) or inode changes; the tag never depends on the file's bytes, so it costs
/// one `fstat`.
struct EntityTag: Equatable, Sendable {
    /// The header value, quotes included.
    var value: String

    /// The tag of the file described by `info`.
    init(_ info: stat) {
        let modified = Platform.modificationTime(info)
        let parts = [
            UInt64(info.st_ino),
            UInt64(bitPattern: Int64(info.st_size)),
            UInt64(bitPattern: Int64(modified.tv_sec)),
            UInt64(bitPattern: Int64(modified.tv_nsec)),
        ]
        value = "\"" + parts.map { String($0, radix: 16) }.joined(separator: "-") + "\""
    }

    /// Whether an `If-None-Match` header value names this tag (weak comparison, `*` matches).
    func isMatched(byIfNoneMatch header: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingCharacters(" \t")
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == value[...] { return true }
        }
        return false
    }
}

