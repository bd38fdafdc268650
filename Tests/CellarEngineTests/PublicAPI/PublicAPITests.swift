import Foundation
import Testing

/// The README lists Cellar's public API as the compiler sees it, and every public symbol says
/// what it is for.
@Suite struct PublicAPITests {
    @Test func theReadmeListsThePublicAPIOfTheBuiltModules() throws {
        let listing = try PublicAPIListing.extract(repository: TemporarySite.repository)
        let path = TemporarySite.repository + "/README.md"
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(readme.range(of: PublicAPIListing.begin), "README.md has no public API list")
        let end = try #require(readme.range(of: PublicAPIListing.end, range: start.upperBound..<readme.endIndex))
        let generated = "\n" + listing.markdown + "\n"
        if ProcessInfo.processInfo.environment["CELLAR_RECORD_README"] == "1" {
            try (readme[..<start.upperBound] + generated + readme[end.lowerBound...]).write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start.upperBound..<end.lowerBound]) == generated,
                "README.md's public API list is stale: run CELLAR_RECORD_README=1 swift test --filter PublicAPITests")
    }

    @Test func everyPublicSymbolHasADocComment() throws {
        let listing = try PublicAPIListing.extract(repository: TemporarySite.repository)
        #expect(listing.undocumented == [])
    }

    @Test func theLibraryShowsTheSwiftAPIAndNothingOfThePipeline() throws {
        let listing = try PublicAPIListing.extract(repository: TemporarySite.repository)
        let engineTypes = Set((listing.symbols["CellarEngine"] ?? []).filter { $0.path.count == 1 }.map { $0.path[0] })
        #expect(engineTypes == [
            "BuildFailure", "BuildReport", "CellTemplate", "CheckReport", "DateStyle", "Diagnostic", "DiagnosticBag",
            "FilePath", "HTML", "ImagePath", "InlineMarkdown", "Item", "Kind", "KindField", "Markdown", "PageTemplate",
            "Site", "SourceLocation",
        ])
        #expect(Set((listing.symbols["CellarCLI"] ?? []).map { $0.path.joined(separator: ".") }) == ["Site.runCommandLine(_:)"])
    }
}
