/// How images are processed: the widths and formats written, their quality, and the limits that
/// keep a bad file from taking the machine.
package struct ImageSettings: Sendable, Hashable, Codable {
    /// Widths in pixels; an image narrower than one gets its own width instead (never enlarged).
    package var widths: [Int] = [480, 960, 1600, 2400]
    package var formats: [ImageFormat] = [.avif, .webp, .jpeg]
    package var jpegQuality = 80
    package var webpQuality = 75
    package var avifQuality = 50
    /// libheif's AV1 effort (0 fastest … 9 smallest).
    package var avifEffort = 2
    /// Keep EXIF and XMP, GPS included (default: every variant is stripped of metadata).
    package var keepLocation = false
    /// Images with more pixels are refused before they are decoded (decompression bombs).
    package var maxPixels = 100_000_000
    /// An ICC profile larger than this is dropped (with a warning) rather than applied.
    package var maxProfileBytes = 1 << 20

    package init() {}
}
