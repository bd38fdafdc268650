internal import CVips
import Foundation

/// What an image's header says, read without decoding its pixels: the checks that refuse a file
/// before any memory is spent on it.
struct ImageHeader {
    /// Upright size (after EXIF orientation).
    var width: Int
    var height: Int
    var metadata: PhotoMetadata
    var profileTooLarge = false

    init(_ source: String, settings: ImageSettings, warnings: inout [ImageProblem]) throws(ImageProblem) {
        guard let loaderName = cellar_vips_loader(source) else {
            _ = ImageLibrary.lastError()
            throw ImageProblem(.notAnImage, "the file is not an image Cellar can read",
                               hint: "use JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF")
        }
        // The class name: VipsForeignLoadJpegFile, VipsForeignLoadPngFile, VipsForeignLoadNsgifFile…
        var loader = String(cString: loaderName).lowercased()
        if loader.hasPrefix("vipsforeignload") { loader.removeFirst("vipsforeignload".count) }
        if loader.hasPrefix("ns") { loader.removeFirst(2) }
        let found = Self.formatName(ofLoader: loader)
        let fileExtension = (source as NSString).pathExtension.lowercased()
        if let expected = Self.formatName(ofExtension: fileExtension), let found, expected != found {
            warnings.append(ImageProblem(.wrongExtension, "the file is a \(found) image, not \(expected) as its extension '.\(fileExtension)' says",
                                         hint: "rename it to .\(Self.extensionName(of: found))"))
        }
        if let found, !Self.hasEnd(source, format: found) {
            throw ImageProblem(.truncated, "the image is truncated: the \(found) file ends before its end marker",
                               hint: "copy or export it again from the original")
        }
        guard let image = cellar_vips_open(source) else {
            throw ImageProblem(.unreadable, "cannot read the image: \(ImageLibrary.lastError() ?? "libvips failed")")
        }
        defer { cellar_vips_unref(image) }
        let stored = (Int(cellar_vips_width(image)), Int(cellar_vips_height(image)))
        let pageHeight = Int(cellar_vips_page_height(image))
        let pixels = stored.0 * (pageHeight > 0 ? pageHeight : stored.1)
        if pixels > settings.maxPixels {
            throw ImageProblem(.tooManyPixels,
                               "the image is \(stored.0)×\(stored.1) pixels, over the limit of \(Self.megapixels(settings.maxPixels)) (it is not decoded)",
                               hint: "make it smaller, or raise images.max_pixels in content/_index.md")
        }
        let swap = cellar_vips_orientation_swaps(image) != 0
        width = swap ? stored.1 : stored.0
        height = swap ? stored.0 : stored.1
        if cellar_vips_pages(image) > 1 {
            warnings.append(ImageProblem(.animated, "the image is animated (\(cellar_vips_pages(image)) frames): only its first frame is kept",
                                         hint: "use a video for motion"))
        }
        let profile = cellar_vips_profile_size(image)
        if profile > settings.maxProfileBytes {
            profileTooLarge = true
            warnings.append(ImageProblem(.hugeProfile, "its ICC colour profile is \(profile / 1024) KB, over the limit of \(settings.maxProfileBytes / 1024) KB: the profile is left out",
                                         hint: "save it with a standard profile such as sRGB"))
        }
        metadata = PhotoMetadata { name in
            guard let text = cellar_vips_string(image, name) else { return nil }
            defer { cellar_vips_free(text) }
            return String(cString: text)
        }
    }

    /// Whether a JPEG ends with its EOI marker (`FF D9`, trailing padding allowed) and a PNG with
    /// its `IEND` chunk; other formats are left to the decoder.
    static func hasEnd(_ path: String, format: String) -> Bool {
        guard format == "JPEG" || format == "PNG", let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0 else { return false }
        let tail = min(size, 4096)
        try? handle.seek(toOffset: size - tail)
        guard let data = try? handle.readToEnd() else { return true }
        let bytes = [UInt8](data)
        if format == "PNG" {
            return bytes.count >= 12 && bytes.indices.dropLast(3).contains { i in
                bytes[i] == 0x49 && bytes[i + 1] == 0x45 && bytes[i + 2] == 0x4E && bytes[i + 3] == 0x44
            }
        }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 { end -= 1 }
        return end >= 2 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9
    }

    static func megapixels(_ pixels: Int) -> String {
        pixels % 1_000_000 == 0 ? "\(pixels / 1_000_000) megapixels" : "\(pixels) pixels"
    }

    static func formatName(ofLoader loader: String) -> String? {
        let table = ["jpeg": "JPEG", "png": "PNG", "webp": "WebP", "gif": "GIF", "heif": "HEIF", "tiff": "TIFF", "svg": "SVG"]
        return table.first { loader.hasPrefix($0.key) }?.value
    }

    static func formatName(ofExtension ext: String) -> String? {
        ["jpg": "JPEG", "jpeg": "JPEG", "jpe": "JPEG", "png": "PNG", "webp": "WebP", "gif": "GIF", "heic": "HEIF",
         "heif": "HEIF", "avif": "HEIF", "tif": "TIFF", "tiff": "TIFF"][ext]
    }

    static func extensionName(of format: String) -> String {
        ["JPEG": "jpg", "PNG": "png", "WebP": "webp", "GIF": "gif", "HEIF": "heic", "TIFF": "tif"][format] ?? format.lowercased()
    }
}
