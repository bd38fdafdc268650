/// What counts as a URL in a `url` field, and which targets are remote.
package enum URLCheck {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel", "ftp", "sftp", "gemini"]

    /// The scheme before the first `:`, lowercased, when it is one (a letter, then letters, digits,
    /// `+`, `-` or `.`). Read as bytes: every field and link of every item comes through here.
    static func scheme(of text: String) -> String? {
        var length = 0
        for byte in text.utf8 {
            if byte == 0x3A {   // ":"
                guard length > 0 else { return nil }
                return String(decoding: text.utf8.prefix(length).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            }
            let lower = byte | 0x20
            let letter = lower >= 0x61 && lower <= 0x7A
            if length == 0 {
                guard letter else { return nil }
            } else {
                guard letter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E else { return nil }
            }
            length += 1
        }
        return nil
    }

    package static func isRemote(_ text: String) -> Bool {
        text.hasPrefix("//") || scheme(of: text) != nil
    }

    static func hasForbiddenScheme(_ text: String) -> Bool {
        scheme(of: text).map { !allowedSchemes.contains($0) } ?? false
    }

    static func isAcceptable(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        // ASCII (nearly every URL) is checked byte by byte; anything else by Character, for Unicode's spaces.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let refused = ascii
            ? text.utf8.contains { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }
            : text.contains { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }
        guard !refused else { return false }
        if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) else { return false }
            if scheme == "http" || scheme == "https" {
                return text.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8)
                    && (ascii ? text.utf8.count : text.count) > scheme.count + 3
            }
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
