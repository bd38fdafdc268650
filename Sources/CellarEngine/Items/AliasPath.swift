import CellarFiles
/// The rule that turns an item's `aliases:` entry into the path its redirect is written at.
package enum AliasPath {
    /// `/old/path` → `old/path/`; `/old.html` stays a file; `%xx` escapes are decoded (`/caf%C3%A9/` is
    /// written to `café/`, where a server looks for it). Nil for anything that leaves the site or that
    /// cannot be a file name: a scheme or host, `?`, `#`, `.` or `..` parts (escaped or not), `\`,
    /// control characters, an escaped `/`, malformed escapes, parts longer than a file name may be.
    package static func url(for alias: String) -> URLPath? {
        guard !alias.isEmpty, !URLCheck.isRemote(alias), !alias.contains("?"), !alias.contains("#") else { return nil }
        var parts: [String] = []
        for part in alias.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = URLEncoding.decode(String(part)), segment != ".", segment != "..",
                  segment.utf8.count <= Slug.maxSegmentBytes,
                  !segment.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
            else { return nil }
            parts.append(segment)
        }
        guard !parts.isEmpty else { return nil }
        let path = parts.joined(separator: "/")
        let isFile = alias.hasSuffix("/") ? false : !Paths.fileExtension(path).isEmpty
        return URLPath(isFile ? path : path + "/")
    }
}
