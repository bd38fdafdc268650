import Foundation
import CellarSiteTestSupport
import Testing
@testable import CellarEngine

/// The writer lists the files it copies a batch at a time (4,096) and copies each batch before
/// listing more, so that a big site's list of copies is never whole in memory.
@Suite struct CopyBatchTests {
    @Test func moreFilesThanOneBatchAreAllCopiedAndARebuildCopiesOnlyTheEditedOne() async throws {
        let count = SiteWriter.copyBatch + 4   // a whole batch copied while listing, then the rest
        var files: [String: String] = [:]
        for number in 0..<count { files["content/files/f\(number).txt"] = "file \(number)\n" }
        let site = try TemporarySite(fixture: "cinema", files: files)
        try await site.build()
        let copied = (0..<count).filter { site.output("files/f\($0).txt") == "file \($0)\n" }
        #expect(copied.count == count, "every file of every batch is copied")

        try site.write(["content/files/f\(count - 1).txt": "edited\n"])
        let report = try await site.build()
        #expect(site.output("files/f\(count - 1).txt") == "edited\n")
        #expect(site.output("files/f0.txt") == "file 0\n" && site.output("files/f\(count - 2).txt") == "file \(count - 2)\n")
        #expect(report.written == 1, "only the edited file, in the last batch, is copied again")
    }
}
