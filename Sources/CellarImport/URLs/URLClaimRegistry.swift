import CellarEngine

/// Which URLs of the new site are taken: the files Cellar writes itself, the theme's assets,
/// copied files, sections with their pages and feeds, items and aliases — so two things never
/// want one URL (Cellar refuses such a site).
struct URLClaimRegistry {
    private var taken: Set<String> = []
    private var targets: Set<String> = []

    init(themeAssets: Set<String>, copiedFiles: Set<String>) {
        for file in ["sitemap.xml", "robots.txt", "404.html", "feed.xml", "rss.xml", "feed.json"] { taken.insert("/" + file) }
        taken.insert("/")
        for asset in themeAssets { taken.insert("/" + asset) }
        for file in copiedFiles { taken.insert("/" + file) }
    }

    mutating func claimSection(_ folder: String, url: String) {
        taken.insert(url)
        for file in ["feed.xml", "rss.xml", "feed.json"] { taken.insert(url + file) }
    }

    /// Whether nothing has `url` yet (tag pages and section pagination are always taken).
    func isFree(_ url: String) -> Bool {
        if url.hasSuffix("/index.html") { return isFree(String(url.dropLast("index.html".count))) }
        let folder = url.hasSuffix("/") ? url : url + "/"
        if folder.hasPrefix("/tags/") { return false }
        // `/section/page/2/` is pagination; `/section/page/` itself is a page like any other.
        if let range = folder.range(of: "/page/"), case let number = folder[range.upperBound...].dropLast(),
           !number.isEmpty, number.allSatisfy(\.isNumber),
           taken.contains(String(folder[..<range.lowerBound]) + "/") {
            return false
        }
        return !taken.contains(url) && !taken.contains(folder) && !taken.contains(String(folder.dropLast()))
    }

    mutating func claim(_ url: String) {
        taken.insert(url.hasSuffix("/index.html") ? String(url.dropLast("index.html".count)) : url)
    }

    /// Claims a path under `content/`; false when another item is already written there.
    mutating func claimTarget(_ path: String) -> Bool {
        targets.insert(path.lowercased()).inserted
    }
}
