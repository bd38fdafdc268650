import CellarSiteTestSupport
import Foundation
import Testing

/// The manual lists Cellar's public API as the compiler sees it, and every public symbol says
/// what it is for.
@Suite struct PublicAPITests {
    @Test func theManualListsThePublicAPIOfTheBuiltModules() throws {
        let listing = try PublicAPIListing.extract(repository: TemporarySite.repository)
        try GeneratedDocs.expectSection(of: "docs/content/reference/swift-api.md", between: PublicAPIListing.begin,
                                        and: PublicAPIListing.end, toBe: listing.markdown, test: "PublicAPITests")
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
