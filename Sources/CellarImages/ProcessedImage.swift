/// What processing one image made: its variants (files in the folder it was given), its upright
/// size, the colour drawn while it loads, what its EXIF says, and the warnings met.
package struct ProcessedImage: Sendable, Hashable, Codable {
    package struct Variant: Sendable, Hashable, Codable {
        package var width: Int
        package var height: Int
        package var format: ImageFormat
        /// The file's name in the folder (`960.webp`).
        package var file: String
    }

    /// The size after EXIF orientation (the largest variant's).
    package var width: Int
    package var height: Int
    /// The mean colour, `#rrggbb`: the placeholder background.
    package var colour: String
    package var variants: [Variant]
    package var metadata: PhotoMetadata
    /// Warnings: the image was processed, but something in it was not kept as it was.
    package var warnings: [ImageProblem]
}
