internal import CellarEscaping
import CellarImages
import CellarMustache

/// An `image` field's value: prints the image's address (a processed photo's JPEG fallback);
/// `.picture` is the whole `<picture>`, `.sources`, `.srcset`, `.width`, `.height` and `.colour`
/// build one of a theme's own, and the camera's values (`.camera`, `.lens`, `.exposure`,
/// `.aperture`, `.iso`, `.focal_length`) come from its EXIF.
struct ImageValueContext: MustacheObject {
    /// The address when the image was not processed (remote, SVG, processing off, or it failed).
    let url: String
    let picture: PictureMarkup?

    var mustacheInterpolation: MustacheValue? { .string(picture?.fallback ?? url) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        let metadata = picture?.entry.image.metadata
        switch key {
        case "url": return .string(picture?.fallback ?? url)
        case "processed": return .bool(picture != nil)
        case "picture":
            return .html(picture?.html(alt: "", sizes: "(min-width: 72rem) 72rem, 100vw") ?? "<img src=\"\(Escaping.htmlText(url))\" alt=\"\">")
        case "sources":
            guard let picture else { return .list([]) }
            return .list(picture.sourceFormats.map { format in
                .record(["type": .string(format.mimeType), "srcset": .string(picture.srcset(format))])
            })
        case "srcset": return picture.map { .string($0.srcset(.jpeg)) } ?? .null
        case "width": return picture.map { .int($0.entry.image.width) } ?? .null
        case "height": return picture.map { .int($0.entry.image.height) } ?? .null
        case "colour", "color": return picture.map { .string($0.entry.image.colour) } ?? .null
        case "landscape": return .bool(picture.map { $0.entry.image.width >= $0.entry.image.height } ?? true)
        case "camera": return metadata?.camera.map(MustacheValue.string) ?? .null
        case "lens": return metadata?.lens.map(MustacheValue.string) ?? .null
        case "exposure": return metadata?.exposureText.map(MustacheValue.string) ?? .null
        case "aperture": return metadata?.apertureText.map(MustacheValue.string) ?? .null
        case "iso": return metadata?.iso.map(MustacheValue.int) ?? .null
        case "focal_length": return metadata?.focalLength.map { .int(Int($0.rounded())) } ?? .null
        default: return nil
        }
    }
}
