/// Files that sit beside posts without being posts: the sources they were rendered from and what
/// the rendering left behind (R Markdown, knitr, blogdown).
enum Leftovers {
    /// Why `path` is not carried over, or nil when it is an ordinary file.
    static func reason(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let lower = name.lowercased()
        if lower.hasSuffix(".knit.md") || lower.hasSuffix(".utf8.md") {
            return "an intermediate file of knitr"
        }
        if lower.hasSuffix(".rmd") || lower.hasSuffix(".rmarkdown") {
            return "an R Markdown source (the site publishes what it renders to)"
        }
        if lower.hasSuffix(".rproj") || lower == ".rhistory" || lower == ".rdata" || lower.hasSuffix(".rds.lock") {
            return "a file of the R session or project"
        }
        if path.split(separator: "/").dropLast().contains(where: { $0.hasSuffix("_cache") }) {
            return "a knitr cache"
        }
        return nil
    }

    /// Markdown files of a generator: `.md`, `.markdown` and the rest of Jekyll's `markdown_ext`.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mkdown", "mkdn", "mkd", "mdown"]
    static let htmlExtensions: Set<String> = ["html", "htm", "xhtml"]

    /// Files Cellar writes itself at the root of every site; a source file at one of these paths is left out.
    static let cellarFiles: Set<String> = ["index.html", "404.html", "sitemap.xml", "robots.txt", "feed.xml", "rss.xml", "feed.json"]

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// `a/b/post.markdown` → `a/b/post`.
    static func deletingExtension(_ path: String) -> String {
        let ext = fileExtension(path)
        return ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
    }
}
