/// A format the variants are written in, best first in a `<picture>`.
package enum ImageFormat: String, Sendable, Codable, CaseIterable, Hashable {
    case avif, webp, jpeg

    /// The file name extension.
    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    /// The `type` of a `<source>`.
    package var mimeType: String { "image/" + rawValue }
}
