import CellarImages
import Foundation
import Testing

/// Processes the fixtures (made by `scripts/make-photos.py fixtures`) and reads the results back.
@Suite struct ImageProcessorTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "cellar-images-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static var small: ImageSettings {
        var settings = ImageSettings()
        settings.widths = [16, 32, 480]
        return settings
    }

    @Test func orientationIsAppliedAndWidthsNeverEnlarge() throws {
        let folder = try Self.folder()
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("oriented-gps.jpg"), into: folder)
        // Stored 48×64 (sideways) with orientation 6: upright it is 64 wide and 48 high.
        let stored = try #require(ImageFile.inspect(Self.fixture("oriented-gps.jpg")))
        #expect(stored.width == 48 && stored.height == 64)
        #expect(image.width == 64 && image.height == 48)
        #expect(Set(image.variants.map(\.width)) == [16, 32, 64])
        #expect(image.variants.count == 9)
        let largest = try #require(ImageFile.inspect(folder + "/64.jpg"))
        #expect(largest.width == 64 && largest.height == 48)
        #expect(!largest.fields.contains("exif-ifd0-Orientation"))
        let avif = try #require(ImageFile.inspect(folder + "/16.avif"))
        #expect(avif.width == 16 && avif.height == 12)
    }

    @Test func locationIsStrippedUnlessKept() throws {
        let source = try #require(ImageFile.inspect(Self.fixture("oriented-gps.jpg")))
        #expect(source.fields.contains { $0.hasPrefix("exif-ifd3-GPS") })
        let stripped = try Self.folder()
        _ = try ImageProcessor(settings: Self.small).process(Self.fixture("oriented-gps.jpg"), into: stripped)
        for file in ["64.jpg", "32.jpg", "16.avif"] {
            let fields = try #require(ImageFile.inspect(stripped + "/" + file)).fields
            #expect(!fields.contains { $0.hasPrefix("exif-") }, "\(file): \(fields)")
            // And not just hidden from libvips: no Exif block at all.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: stripped + "/" + file))
            #expect(bytes.range(of: Data("Exif\0\0".utf8)) == nil, "\(file)")
        }
        // libvips 8.14's WebP saver writes a fresh Exif block of the image's own (orientation,
        // resolution, size): nothing of the camera's, no position, no date.
        for file in ["64.webp", "32.webp"] {
            let fields = try #require(ImageFile.inspect(stripped + "/" + file)).fields
            #expect(!fields.contains { $0.hasPrefix("exif-ifd3-") || $0.contains("Make") || $0.contains("Model") || $0.contains("DateTime") },
                    "\(file): \(fields)")
        }
        var keeping = Self.small
        keeping.keepLocation = true
        let kept = try Self.folder()
        _ = try ImageProcessor(settings: keeping).process(Self.fixture("oriented-gps.jpg"), into: kept)
        let fields = try #require(ImageFile.inspect(kept + "/64.jpg")).fields
        #expect(fields.contains("exif-ifd3-GPSLatitude"))
    }

    @Test func exifIsReadAsTypedFields() throws {
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("oriented-gps.jpg"), into: try Self.folder())
        let metadata = image.metadata
        #expect(metadata.taken == "2026-05-01T12:30:00")
        #expect(metadata.make == "Canon" && metadata.model == "Canon EOS R5")
        #expect(metadata.camera == "Canon EOS R5")
        #expect(metadata.lens == "RF24-105mm F4 L IS USM")
        #expect(metadata.exposureText == "1/500 s")
        #expect(metadata.apertureText == "f/4")
        #expect(metadata.iso == 100)
        #expect(metadata.focalLength == 50)
    }

    /// A phone's HEIC (made by `make-photos.py fixtures` with libvips's heifsave): Debian's
    /// libvips reads it through libheif, so it is processed as a JPEG is, EXIF read, GPS stripped.
    @Test func aPhonesHEICIsProcessedLikeAJPEG() throws {
        let source = try #require(ImageFile.inspect(Self.fixture("phone.heic")))
        #expect(source.fields.contains("exif-ifd3-GPSLatitude"))
        let folder = try Self.folder()
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("phone.heic"), into: folder)
        #expect(image.width == 64 && image.height == 48)
        #expect(Set(image.variants.map(\.format)) == [.avif, .webp, .jpeg])
        #expect(image.metadata.model == "iPhone 15 Pro" && image.metadata.taken == "2026-06-02T08:15:00")
        #expect(image.warnings.isEmpty)
        let largest = try #require(ImageFile.inspect(folder + "/64.jpg"))
        #expect(largest.width == 64 && largest.height == 48)
        #expect(!largest.fields.contains { $0.hasPrefix("exif-") })
    }

    @Test func placeholderIsTheMeanColour() throws {
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("plain.jpg"), into: try Self.folder())
        #expect(image.colour.count == 7 && image.colour.hasPrefix("#"))
        #expect(image.colour != "#000000" && image.colour != "#808080")
    }

    @Test func truncatedJPEGIsAnError() throws {
        let error = #expect(throws: ImageProblem.self) {
            try ImageProcessor(settings: Self.small).process(Self.fixture("truncated.jpg"), into: try Self.folder())
        }
        #expect(error?.reason == .truncated)
        #expect(error?.message == "the image is truncated: the JPEG file ends before its end marker")
    }

    @Test func decompressionBombIsRefusedBeforeDecoding() throws {
        let error = #expect(throws: ImageProblem.self) {
            try ImageProcessor(settings: Self.small).process(Self.fixture("bomb.png"), into: try Self.folder())
        }
        #expect(error?.reason == .tooManyPixels)
        #expect(error?.message == "the image is 30000×30000 pixels, over the limit of 100 megapixels (it is not decoded)")
        var lower = Self.small
        lower.maxPixels = 1000
        let small = #expect(throws: ImageProblem.self) {
            try ImageProcessor(settings: lower).process(Self.fixture("plain.jpg"), into: try Self.folder())
        }
        #expect(small?.message == "the image is 64×48 pixels, over the limit of 1000 pixels (it is not decoded)")
    }

    @Test func aLyingExtensionIsAWarningAndTheImageIsProcessed() throws {
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("png-named.jpg"), into: try Self.folder())
        #expect(image.warnings.map(\.reason) == [.wrongExtension])
        #expect(image.warnings.first?.message == "the file is a PNG image, not JPEG as its extension '.jpg' says")
        #expect(image.variants.count == 9)
    }

    @Test func aHugeProfileIsLeftOut() throws {
        var settings = Self.small
        settings.maxProfileBytes = 64 * 1024
        let folder = try Self.folder()
        let image = try ImageProcessor(settings: settings).process(Self.fixture("huge-profile.jpg"), into: folder)
        #expect(image.warnings.map(\.reason) == [.hugeProfile])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/64.jpg"))
        #expect(bytes.count < 20_000)
    }

    @Test func animatedGIFKeepsItsFirstFrameAndSaysSo() throws {
        let image = try ImageProcessor(settings: Self.small).process(Self.fixture("animated.gif"), into: try Self.folder())
        #expect(image.warnings.map(\.reason) == [.animated])
        #expect(image.warnings.first?.message == "the image is animated (3 frames): only its first frame is kept")
        #expect(image.width == 32 && image.height == 24)
    }

    @Test func textIsNotAnImage() throws {
        let error = #expect(throws: ImageProblem.self) {
            try ImageProcessor(settings: Self.small).process(Self.fixture("not-an-image.jpg"), into: try Self.folder())
        }
        #expect(error?.reason == .notAnImage)
    }

    @Test func imagesProcessInParallel() async throws {
        let names = ["plain.jpg", "truncated.jpg", "oriented-gps.jpg", "bomb.png", "png-named.jpg", "animated.gif"]
        let outcomes = await withTaskGroup(of: (String, Bool).self) { group in
            for name in names + names {
                group.addTask {
                    let folder = try? Self.folder()
                    let ok = (try? ImageProcessor(settings: Self.small).process(Self.fixture(name), into: folder ?? "/nonexistent")) != nil
                    return (name, ok)
                }
            }
            var results: [String: Set<Bool>] = [:]
            for await (name, ok) in group { results[name, default: []].insert(ok) }
            return results
        }
        #expect(outcomes["plain.jpg"] == [true] && outcomes["oriented-gps.jpg"] == [true] && outcomes["animated.gif"] == [true])
        #expect(outcomes["truncated.jpg"] == [false] && outcomes["bomb.png"] == [false])
    }
}
