@testable import CellarImages
import Foundation
import Testing

/// libvips is opened at run time (not linked), the first time an image is looked at.
@Suite struct ImageLibraryTests {
    @Test func aLibraryThatCannotBeOpenedIsNamedWithItsPackage() {
        let problem = ImageLibrary.load("libvips-not-installed.so.42")
        #expect(problem?.reason == .libraryMissing)
        #expect(problem?.message == "libvips is needed to process images and cannot be loaded: "
                + "libvips-not-installed.so.42: cannot open shared object file: No such file or directory")
        #expect(problem?.hint == "install it: apt-get install libvips42")
    }

    @Test func processingAnImageLoadsItAndAFailedOpenLeavesItLoaded() throws {
        _ = try ImageProcessor(settings: ImageProcessorTests.small).process(ImageProcessorTests.fixture("plain.jpg"),
                                                                            into: try ImageProcessorTests.folder())
        #expect(ImageLibrary.isLoaded)
        #expect(ImageLibrary.load("libvips-not-installed.so.42") != nil)
        #expect(ImageLibrary.isLoaded)
        #expect(ImageLibrary.load(ImageLibrary.fileName) == nil)
        #expect(ImageFile.inspect(ImageProcessorTests.fixture("plain.jpg")) != nil)
    }
}
