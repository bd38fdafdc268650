internal import CVips

/// Looks at image files without processing them (what tests and checks read back).
package enum ImageFile {
    /// The stored size (not turned by orientation) and the names of its metadata fields
    /// (`exif-ifd3-GPSLatitude` for GPS), or nil when it cannot be read.
    package static func inspect(_ path: String) -> (width: Int, height: Int, fields: [String])? {
        guard ImageLibrary.startProblem == nil else { return nil }
        guard let image = cellar_vips_open(path) else { _ = ImageLibrary.lastError(); return nil }
        defer { cellar_vips_unref(image) }
        var fields: [String] = []
        if let names = cellar_vips_field_names(image) {
            var index = 0
            while let name = names[index] { fields.append(String(cString: name)); index += 1 }
            cellar_vips_free_names(names)
        }
        return (Int(cellar_vips_width(image)), Int(cellar_vips_height(image)), fields)
    }

    /// When the photo was taken by its EXIF (`2026-05-01T12:30:00`, the camera's clock, no zone),
    /// read from the header alone; nil when it says nothing (or is no image).
    package static func taken(_ path: String) -> String? {
        guard ImageLibrary.startProblem == nil else { return nil }
        guard let image = cellar_vips_open(path) else { _ = ImageLibrary.lastError(); return nil }
        defer { cellar_vips_unref(image) }
        return PhotoMetadata { name in
            guard let text = cellar_vips_string(image, name) else { return nil }
            defer { cellar_vips_free(text) }
            return String(cString: text)
        }.taken
    }

    /// The file names (extensions) Cellar processes.
    package static let processedExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif"]
}
