import CellarDiagnostics
@testable import CellarAuthoring
@testable import CellarEngine
import CellarSiteTestSupport
import Testing

/// `cellar kinds`: each kind's fields in a few words — type, bounds, default.
@Suite struct KindCatalogTests {
    @Test func fieldsAreSummedUpInAFewWords() throws {
        let site = try TemporarySite.scaffolded(["content/reviews/_index.md": "---\ntitle: Reviews\nkind: review\n---\n"])
        let catalog = try KindCatalog.load(options: site.options())
        #expect(catalog.kinds.map(\.name) == ["article", "link", "note", "page", "photo", "quote", "release", "review", "setting", "video"])
        let review = try #require(catalog["review"])
        #expect(review.label == "Review" && review.sections == ["reviews"])
        #expect(review.fields.map { [$0.name, $0.type, $0.bounds ?? "", $0.defaultValue ?? ""] } == [
            ["rating", "int", "0…10", ""], ["poster", "image?", "", ""], ["verdict", "enum?: must-see | good | skip", "", ""],
            ["subject", "string?", "", ""], ["year", "int?", "1800…2200", ""], ["by", "string?", "", ""],
        ])
        let release = try #require(catalog["release"])
        #expect(release.fields.map { [$0.name, $0.type, $0.bounds ?? "", $0.defaultValue ?? ""] } == [
            ["version", "string", "1…40 characters", ""], ["changes", "[text]", "at least 1 item", ""],
            ["breaking", "bool", "", "false"], ["download", "url?", "", ""],
        ])
        #expect(catalog["setting"]?.fields.first { $0.name == "icon" }?.bounds == "at most 4 characters")
        #expect(catalog["link"]?.hasPage == false)
        #expect(catalog.commonFields.map(\.name) == ["title", "date", "updated", "kind", "slug", "tags", "draft", "summary",
                                                     "weight", "aliases", "expires", "language", "translation_key"])
    }

    @Test func aSiteWhoseThemeIsMissingIsReported() throws {
        let site = try TemporarySite(files: ["content/_index.md": Fixture.site], theme: .none)
        let error = #expect(throws: DiagnosticBag.self) { try KindCatalog.load(options: site.options()) }
        #expect(error.map { site.relative($0.description) }
                == "error: theme 'default' not found at themes/default/\n  hint: create a site with 'cellar new site DIR' to get the default theme")
    }

    /// A `themes` that cannot be listed is said to be so, not taken for a site with no themes.
    @Test func aThemesFolderThatCannotBeListedIsNamedInTheHint() throws {
        let site = try TemporarySite(files: ["content/_index.md": Fixture.site, "themes": "not a folder"], theme: .none)
        let error = #expect(throws: DiagnosticBag.self) { try KindCatalog.load(options: site.options()) }
        #expect(error.map { site.relative($0.description) }
                == "error: theme 'default' not found at themes/default/\n  hint: themes/ cannot be listed (Not a directory): "
                    + "it must be a readable folder holding the site's themes")
    }
}
