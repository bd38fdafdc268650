/// String helpers for file-system paths (always `/`-separated on Linux).
package enum Paths {
    package static func join(_ parts: String...) -> String { join(parts) }

    package static func join(_ parts: [String]) -> String {
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

    package static func parent(of path: String) -> String {
        // By bytes, as the file system splits paths (by characters it was a fifth of the URL check).
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    package static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// `dune.md` → `dune`; `.gitignore` stays.
    package static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    package static func fileExtension(_ name: String) -> String {
        let last = lastComponent(of: name)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...]).lowercased()
    }

    /// Makes `path` absolute against `base` and removes `.` and `..` segments. (`package`: the CLI
    /// resolves its command-line paths with it.)
    package static func absolute(_ path: String, base: String) -> String {
        normalize(path.hasPrefix("/") ? path : join(base, path))
    }

    /// `path` without `.` and `..` segments; a `..` at the root stays at the root.
    package static func normalize(_ path: String) -> String {
        let parts = segments(of: path, clamping: true) ?? []
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The segments of `path` appended to `base`, with `.` dropped and each `..` removing the segment
    /// before it. A `..` with nothing before it makes the result nil — or, when `clamping`, is dropped.
    package static func segments(of path: String, after base: [Substring] = [], clamping: Bool = false) -> [Substring]? {
        var parts = base
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty {
                    if clamping { continue }
                    return nil
                }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts
    }

    /// `path` relative to `base` when it lies inside it, else nil. (`package`: the importer keeps
    /// its source and destination apart with it.)
    package static func relative(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// `path` with symlinks resolved as far as it exists (the rest appended as it is): two paths
    /// name the same place when their resolved forms are equal, wherever links lead.
    package static func resolved(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while !existing.isEmpty, existing != "/" {
            if let real = FileIO.realPath(existing) { return join([real] + rest.reversed()) }
            rest.append(lastComponent(of: existing))
            existing = parent(of: existing)
        }
        return path
    }
}
