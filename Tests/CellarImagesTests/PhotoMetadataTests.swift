@testable import CellarImages
import Testing

@Suite struct PhotoMetadataTests {
    @Test func readsLibvipsFieldText() {
        let fields = [
            "exif-ifd0-Make": "NIKON CORPORATION (NIKON CORPORATION, ASCII, 18 components, 18 bytes)",
            "exif-ifd0-Model": "NIKON Z 6_2 (NIKON Z 6_2, ASCII, 12 components, 12 bytes)",
            "exif-ifd2-ExposureTime": "10/40 (0.25 sec., Rational, 1 components, 8 bytes)",
            "exif-ifd2-FNumber": "18/10 (f/1.8, Rational, 1 components, 8 bytes)",
            "exif-ifd2-DateTimeOriginal": "0000:00:00 00:00:00 (0000:00:00 00:00:00, ASCII, 20 components, 20 bytes)",
        ]
        let metadata = PhotoMetadata { fields[$0] }
        #expect(metadata.camera == "NIKON Z 6_2")
        #expect(metadata.exposureText == "1/4 s")
        #expect(metadata.apertureText == "f/1.8")
        #expect(metadata.taken == nil)
        #expect(metadata.iso == nil)
    }

    @Test func cameraJoinsMakeAndModelOnlyWhenNeeded() {
        var metadata = PhotoMetadata()
        metadata.make = "FUJIFILM"
        metadata.model = "X-T5"
        #expect(metadata.camera == "FUJIFILM X-T5")
        metadata.exposure = 2
        #expect(metadata.exposureText == "2 s")
    }
}
