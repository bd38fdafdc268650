/// `/`-separated paths relative to a site folder.
enum FilePaths {
    /// Joins the non-empty parts with single slashes.
    static func join(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.joined(separator: "/")
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
