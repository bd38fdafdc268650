internal import CellarEscaping
import CellarImages

/// A processed image as HTML: a `<picture>` with a `<source>` per format (best first), each a
/// `srcset` of its widths, and an `<img>` of the JPEG fallback carrying `width`/`height` (no
/// layout shift) and the placeholder colour as its background.
struct PictureMarkup: Sendable {
    var entry: ImageCatalog.Entry
    var site: SiteURL
    /// Whether addresses print absolute (feeds, Open Graph) rather than as pages link.
    var absolute = false

    private func href(_ path: URLPath) -> String { absolute ? site.absolute(path) : site.href(path) }

    /// The fallback's address: the JPEG closest to 960 pixels wide, not below it when one is wider.
    var fallback: String {
        let jpegs = variants(.jpeg)
        let chosen = jpegs.first { $0.width >= 960 } ?? jpegs.last
        return chosen.map { href(entry.url(of: $0)) } ?? href(entry.original)
    }

    func variants(_ format: ImageFormat) -> [ProcessedImage.Variant] {
        entry.image.variants.filter { $0.format == format }.sorted { $0.width < $1.width }
    }

    func srcset(_ format: ImageFormat) -> String {
        variants(format).map { "\(href(entry.url(of: $0))) \($0.width)w" }.joined(separator: ", ")
    }

    /// The formats other than JPEG, best first: one `<source>` each.
    var sourceFormats: [ImageFormat] {
        ImageFormat.allCases.filter { $0 != .jpeg && !variants($0).isEmpty }
    }

    /// - Parameters:
    ///   - sizes: the `sizes` attribute: how wide the image is drawn.
    ///   - lazy: whether it loads when scrolled near (not for the first image a page shows).
    func html(alt: String, sizes: String, lazy: Bool = true, className: String? = nil) -> String {
        html(escapedAlt: Escaping.htmlText(alt), sizes: sizes, lazy: lazy, className: className)
    }

    /// The same, with the alt text already escaped (as cmark wrote it).
    func html(escapedAlt alt: Substring, sizes: String, lazy: Bool = true, className: String? = nil) -> String {
        html(escapedAlt: String(alt), sizes: sizes, lazy: lazy, className: className)
    }

    func html(escapedAlt alt: String, sizes: String, lazy: Bool = true, className: String? = nil) -> String {
        var html = "<picture" + (className.map { " class=\"\(Escaping.htmlText($0))\"" } ?? "") + ">"
        for format in sourceFormats {
            html += "<source type=\"\(format.mimeType)\" srcset=\"\(Escaping.htmlText(srcset(format)))\" sizes=\"\(Escaping.htmlText(sizes))\">"
        }
        html += "<img src=\"\(Escaping.htmlText(fallback))\" srcset=\"\(Escaping.htmlText(srcset(.jpeg)))\""
        html += " sizes=\"\(Escaping.htmlText(sizes))\" width=\"\(entry.image.width)\" height=\"\(entry.image.height)\""
        html += " alt=\"\(alt)\"" + (lazy ? " loading=\"lazy\"" : "") + " decoding=\"async\""
        html += " style=\"background-color:\(entry.image.colour)\"></picture>"
        return html
    }
}
