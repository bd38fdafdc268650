import CellarDiagnostics
@testable import CellarImport
import Foundation
import Testing

/// `import-report.json`: what tools read of an import.
@Suite struct ImportReportTests {
    @Test func theReportHoldsCountsNotesAndTheCheck() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-larger-site")
        try await workspace.importSite(.jekyll)
        let data = try #require(FileManager.default.contents(atPath: workspace.site + "/import-report.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json.keys.sorted() == ["check", "counts", "destination", "dropped_fields", "generator", "incomplete", "kept_fields",
                                       "notes", "outside", "source"])
        #expect(json["generator"] as? String == "jekyll" && json["incomplete"] as? Bool == false)
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts.keys.sorted() == ImportCount.allCases.map(\.rawValue).sorted())
        #expect(counts["posts"] == 2 && counts["broken_links"] == 2 && counts["outside_prefixes"] == 3)
        #expect(json["outside"] as? [String] == ["/docs/", "/install.sh", "/install/"])
        let notes = try #require(json["notes"] as? [[String: Any]])
        let located = try #require(notes.first { ($0["message"] as? String)?.contains("pkg.example.org") == true })
        #expect(located["action"] as? String == "kept" && located["topic"] as? String == "link")
        #expect(located["file"] as? String == "source/_posts/2024-05-20-release-5.1.md" && located["line"] as? Int == 7
                && located["column"] as? Int == 36 && located["hint"] as? String == "did you mean 'https://pkg.example.org'?")
        let unplaced = try #require(notes.first { $0["file"] is NSNull })
        #expect(unplaced["line"] is NSNull && unplaced["column"] is NSNull)
        let check = try #require(json["check"] as? [String: Any])
        #expect(check["builds"] as? Bool == true && check["errors"] as? Int == 0 && check["warnings"] as? Int == 2)
    }

    @Test func aSiteWithProblemsIsIncomplete() async throws {
        let workspace = try ImportWorkspace(fixture: "hugo-blog")
        let report = try await workspace.importSite(.hugo)
        #expect(report.isIncomplete && report.problems.count == 4)
        #expect(report.json.contains("\"incomplete\" : true"))
    }
}
