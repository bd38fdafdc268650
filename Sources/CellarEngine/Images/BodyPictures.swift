internal import CellarEscaping
/// Images in Markdown bodies (`![alt](pic.jpg)` in a page bundle) drawn from their processed
/// variants: cmark's `<img src="…" alt="…" />` of a processed image becomes a `<picture>` on pages,
/// and an `<img>` of its JPEG fallback in feeds.
struct BodyPictures: Sendable {
    /// Processed images by the address the body's `<img src>` names (the original's).
    let byHref: [String: ImageCatalog.Entry]
    let site: SiteURL

    init(_ catalog: ImageCatalog, site: SiteURL) {
        var byHref: [String: ImageCatalog.Entry] = [:]
        for entry in catalog.entries.values where entry.inBody {
            byHref[site.href(entry.original)] = entry
            for url in entry.translatedAt { byHref[site.href(url)] = entry }
        }
        self.byHref = byHref
        self.site = site
    }

    /// `html` with each processed image's `<img>` replaced (as it is when none is in it).
    /// - Parameter absolute: the feed form: a plain `<img>` of the fallback, absolute.
    func rewrite(_ html: String, absolute: Bool = false) -> String {
        guard !byHref.isEmpty, html.contains("<img src=\"") else { return html }
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<img src=\"") {
            result += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].range(of: ">") else { break }
            let tag = rest[start.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
            let source = tag[start.upperBound...].prefix { $0 != "\"" }
            guard let entry = byHref[String(source)] else { result += tag; continue }
            let alt = Self.attribute("alt", in: tag) ?? ""
            let picture = PictureMarkup(entry: entry, site: site, absolute: absolute)
            result += absolute
                ? "<img src=\"\(Escaping.htmlText(picture.fallback))\" width=\"\(entry.image.width)\" height=\"\(entry.image.height)\" alt=\"\(alt)\">"
                : picture.html(escapedAlt: alt, sizes: "(min-width: 48rem) 46rem, 100vw")
        }
        return result + rest
    }

    /// An attribute's value as written (still escaped).
    static func attribute(_ name: String, in tag: Substring) -> Substring? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return tag[start.upperBound...].prefix { $0 != "\"" }
    }
}
