import Foundation

/// How a source generator decides the URL of each document.
protocol URLRules: Sendable {
    /// The path the source publishes `document` at, from the root of the site and without its base
    /// path, decoded (`/2020/01/02/hello/`, `/about.html`); nil when the rules cannot say (the
    /// reason is in the second value).
    func url(of document: SourceDocument, fields: MappedFields) -> (url: String?, problem: String?)
}

/// URL paths as Jekyll and Hugo clean them: one leading slash, no `//`, no `.` or `..` segments.
enum URLPaths {
    static func clean(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let joined = "/" + parts.joined(separator: "/")
        return path.hasSuffix("/") && joined != "/" ? joined + "/" : joined
    }

    /// `/a/b/` → `["a", "b"]`.
    static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// Whether a URL names a folder (`/a/`), rather than a file (`/a.html`) or an address without an ending (`/a`).
    static func isFolder(_ path: String) -> Bool { path.hasSuffix("/") }

    /// The ending of the last segment (`html` for `/a/b.html`), lower-cased; empty when there is none.
    static func fileExtension(_ path: String) -> String {
        guard !path.hasSuffix("/"), let last = path.split(separator: "/").last,
              let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...]).lowercased()
    }
}
