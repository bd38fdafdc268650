/// String helpers for file-system paths (always `/`-separated on Linux).
package enum Paths {
    static func join(_ parts: String...) -> String { join(parts) }

    static func join(_ parts: [String]) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if result.isEmpty {
                result = part
            } else if result.hasSuffix("/") {
                result += part.hasPrefix("/") ? String(part.dropFirst()) : part
            } else {
                result += part.hasPrefix("/") ? part : "/" + part
            }
        }
        return result
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `dune.md` → `dune`; `.gitignore` stays.
    static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func fileExtension(_ name: String) -> String {
        let last = lastComponent(of: name)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...]).lowercased()
    }

    /// Makes `path` absolute against `base` and removes `.` and `..` segments. (`package`: the CLI
    /// resolves its command-line paths with it.)
    package static func absolute(_ path: String, base: String) -> String {
        normalize(path.hasPrefix("/") ? path : join(base, path))
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// `path` relative to `base` when it lies inside it, else nil.
    static func relative(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
