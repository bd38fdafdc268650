import CellarDiagnostics
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The files a build will write, worked out before writing (what links written in Markdown are
/// checked against), are exactly the files it writes.
@Suite struct SiteAddressesTests {
    @Test func theFilesWorkedOutBeforeWritingAreTheFilesWritten() async throws {
        let site = try TemporarySite(theme: .repository)
        try FileManager.default.copyItem(atPath: TemporarySite.repository + "/content", toPath: site.root + "/content")
        try site.write([
            "content/blog/moved.md": "---\ntitle: Moved\ndate: 2024-01-01\naliases: [/old/moved/, /2019/01/moved.html]\n---\n\nHere now.\n",
            "content/robots.txt": "User-agent: *\n",
        ])
        var options = site.options()
        options.writeMode = .memory
        var memo = BuildMemo()
        let result = try await BuildPipeline(options: options, reporter: SilentReporter()).run(.everything, memo: &memo)
        let model = result.model
        let written = try #require(result.captured).files
        // The example site is bilingual: each language's feeds are its own; photos are published as
        // their variants (the example site's stream).
        let languageSites = result.languageSites
        #expect(!languageSites.isEmpty)
        let images = result.images
        #expect(!images.entries.isEmpty)
        let expected = images.publishedFiles(SiteAddresses.files(of: model, pages: result.pages, languageSites: languageSites))
        #expect(expected.subtracting(written).sorted() == [])
        #expect(written.subtracting(expected).sorted() == [])
        #expect(written.contains("old/moved/index.html") && written.contains("photos/harbour-at-dusk/index.html"))
        #expect(written.contains("vi/postcards/feed.xml"))
    }
}
