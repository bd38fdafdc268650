internal import CVips
import Foundation

/// Turns one image file into resized variants, upright and (by default) stripped of metadata.
/// Safe to call from several threads at once; each call uses one libvips thread, and its memory is
/// bounded by the largest variant (the source is decoded shrunk, streaming), whatever its size.
package struct ImageProcessor: Sendable {
    package var settings: ImageSettings

    package init(settings: ImageSettings) { self.settings = settings }

    /// Processes `source` into files named `<width>.<ext>` in `folder` (which must exist).
    /// - Throws: ``ImageProblem`` when nothing could be made; warnings are in the result.
    package func process(_ source: String, into folder: String) throws(ImageProblem) -> ProcessedImage {
        if let problem = ImageLibrary.startProblem { throw problem }
        var warnings: [ImageProblem] = []
        let header = try ImageHeader(source, settings: settings, warnings: &warnings)
        let largest = min(settings.widths.max() ?? header.width, header.width)
        guard let decoded = cellar_vips_thumbnail_file(source, Int32(largest)) else {
            throw Self.decodeProblem(ImageLibrary.lastError())
        }
        var image = decoded
        defer { cellar_vips_unref(image) }
        if header.profileTooLarge, let plain = cellar_vips_without_profile(image) {
            cellar_vips_unref(image)
            image = plain
        }
        if !settings.keepLocation, let plain = cellar_vips_without_metadata(image) {
            cellar_vips_unref(image)
            image = plain
        }
        let width = Int(cellar_vips_width(image)), height = Int(cellar_vips_height(image))
        var widths = Set(settings.widths.filter { $0 < width })
        if settings.widths.contains(where: { $0 >= width }) || widths.isEmpty { widths.insert(width) }
        var variants: [ProcessedImage.Variant] = []
        for target in widths.sorted(by: >) {
            guard let made = target == width ? cellar_vips_copy(image) : cellar_vips_thumbnail_image(image, Int32(target)) else {
                throw ImageProblem(.unreadable, "cannot resize to \(target) pixels: \(ImageLibrary.lastError() ?? "libvips failed")")
            }
            // Resizing makes a fresh EXIF block of the image's own fields: removed again.
            var resized = made
            if !settings.keepLocation, let plain = cellar_vips_without_metadata(made) {
                cellar_vips_unref(made)
                resized = plain
            }
            defer { cellar_vips_unref(resized) }
            let variantHeight = Int(cellar_vips_height(resized))
            for format in settings.formats {
                let file = "\(target).\(format.fileExtension)"
                let path = folder + "/" + file
                let strip: Int32 = settings.keepLocation ? 0 : 1
                let failed = switch format {
                case .jpeg: cellar_vips_save_jpeg(resized, path, Int32(settings.jpegQuality), strip)
                case .webp: cellar_vips_save_webp(resized, path, Int32(settings.webpQuality), strip)
                case .avif: cellar_vips_save_avif(resized, path, Int32(settings.avifQuality), strip, Int32(settings.avifEffort))
                }
                if failed != 0 {
                    throw ImageProblem(.cannotWrite, "cannot write its \(format.rawValue) variant: \(ImageLibrary.lastError() ?? "libvips failed")")
                }
                variants.append(.init(width: target, height: variantHeight, format: format, file: file))
            }
        }
        var red = 0.0, green = 0.0, blue = 0.0
        let colour = cellar_vips_mean_colour(image, &red, &green, &blue) == 0
            ? Self.hex(red, green, blue) : { _ = ImageLibrary.lastError(); return "#808080" }()
        variants.sort { ($0.width, $0.format.rawValue) < ($1.width, $1.format.rawValue) }
        return ProcessedImage(width: width, height: height, colour: colour, variants: variants,
                              metadata: header.metadata, warnings: warnings)
    }

    private static func decodeProblem(_ message: String?) -> ImageProblem {
        let text = message ?? "libvips could not decode it"
        let lowered = text.lowercased()
        if lowered.contains("truncat") || lowered.contains("premature end") || lowered.contains("out of data") {
            return ImageProblem(.truncated, "the image is truncated or damaged: \(text)", hint: "export it again from the original")
        }
        return ImageProblem(.unreadable, "cannot decode the image: \(text)", hint: "export it again as JPEG or PNG")
    }

    private static func hex(_ values: Double...) -> String {
        "#" + values.map { value in
            let byte = Int(max(0, min(255, value.rounded())))
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
