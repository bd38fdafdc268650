/// What counts as a URL in a `url` field, and which targets are remote.
package enum URLCheck {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel", "ftp", "sftp", "gemini"]

    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    package static func isRemote(_ text: String) -> Bool {
        text.hasPrefix("//") || scheme(of: text) != nil
    }

    static func hasForbiddenScheme(_ text: String) -> Bool {
        scheme(of: text).map { !allowedSchemes.contains($0) } ?? false
    }

    static func isAcceptable(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }) else {
            return false
        }
        if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) else { return false }
            if scheme == "http" || scheme == "https" { return text.dropFirst(scheme.count).hasPrefix("://") && text.count > scheme.count + 3 }
            return true
        }
        return text.hasPrefix("/") || text.hasPrefix("#") || text.hasPrefix(".")
    }
}

extension URLCheck {
    /// Endings of file names that are not top-level domains people link to: `notes.md` is a file,
    /// `pkg.example.org` is a host.
    private static let fileEndings: Set<String> = [
        "md", "markdown", "mdx", "rmd", "rmarkdown", "html", "htm", "xhtml", "txt", "pdf", "png", "jpg", "jpeg", "gif",
        "svg", "webp", "avif", "ico", "bmp", "tif", "tiff", "heic", "css", "js", "mjs", "json", "xml", "yml", "yaml",
        "toml", "csv", "tsv", "zip", "gz", "tgz", "bz2", "xz", "zst", "tar", "rar", "7z", "mp3", "mp4", "m4a", "m4v",
        "mov", "avi", "webm", "ogg", "oga", "ogv", "wav", "flac", "mkv", "doc", "docx", "xls", "xlsx", "ppt", "pptx",
        "odt", "ods", "odp", "rtf", "epub", "sh", "py", "rb", "r", "swift", "c", "h", "cc", "cpp", "hpp", "go", "rs",
        "java", "kt", "sql", "db", "sqlite", "wasm", "woff", "woff2", "ttf", "otf", "eot", "dmg", "exe", "msi", "deb",
        "rpm", "apk", "ipa", "iso", "img", "bin", "log", "ps", "eps", "tex", "bib", "ipynb", "key", "pem", "asc", "sig",
        "patch", "diff", "ics", "vcf", "gpx", "kml", "geojson", "rss", "atom", "php", "asp", "aspx", "jsp", "cgi",
    ]

    /// `https://pkg.example.org` for a relative link that reads as a web address written without its
    /// scheme (`pkg.example.org`, `www.example.com/x`); nil for anything that reads as a file or path.
    package static func hostGuess(_ target: String) -> String? {
        guard let first = target.first, first != "/", first != ".", first != "#", first != "?", scheme(of: target) == nil
        else { return nil }
        let host = target.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }), let topLevel = labels.last, (2...24).contains(topLevel.count), topLevel.allSatisfy(\.isLetter)
        else { return nil }
        if labels[0].lowercased() != "www", fileEndings.contains(topLevel.lowercased()) { return nil }
        return "https://" + target
    }
}
