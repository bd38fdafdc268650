import CellarFiles
/// Resolves a file reference written in content (`/images/a.png`, `a.png`, `../b.pdf`) to a path
/// relative to `content/`, refusing any that would leave it.
enum ContentReference {
    static func resolve(_ reference: String, from directory: String) -> String? {
        var target = reference
        if let cut = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = String(target[..<cut]) }
        // Bytes, not Foundation's substring search: every file field of every item comes here.
        guard let decoded = URLEncoding.decode(target), !decoded.isEmpty, !decoded.utf8.contains(0),
              !decoded.utf8.contains(0x5C) else { return nil }
        let base = decoded.hasPrefix("/") ? [] : directory.split(separator: "/")
        guard let parts = Paths.segments(of: decoded, after: base), !parts.isEmpty else { return nil }
        return parts.joined(separator: "/")
    }
}
