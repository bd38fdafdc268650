import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

/// `cellar check --format json`: one object per diagnostic, keys in a fixed order, for editors and CI.
@Suite struct DiagnosticJSONTests {
    @Test func eachDiagnosticIsOneObjectOnItsOwnLine() throws {
        let json = DiagnosticJSON.encode([
            .error("'rating' must be an integer from 0 to 10, found \"ten\"", at: SourceLocation(file: "content/a.md", line: 4, column: 9),
                   hint: "scores go from 0 to 10\nfor example: rating: 7"),
            .warning("tag 'swfit' looks like a typo of 'swift'", at: SourceLocation(file: "content/b.md", line: 3, column: 8)),
            .error("the site has no settings file \\ nothing to build"),
        ])
        #expect(json == #"""
            [
              {"file": "content/a.md", "line": 4, "column": 9, "severity": "error", "message": "'rating' must be an integer from 0 to 10, found \"ten\"", "hint": "scores go from 0 to 10\nfor example: rating: 7"},
              {"file": "content/b.md", "line": 3, "column": 8, "severity": "warning", "message": "tag 'swfit' looks like a typo of 'swift'", "hint": null},
              {"file": null, "line": null, "column": null, "severity": "error", "message": "the site has no settings file \\ nothing to build", "hint": null}
            ]
            """#)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 3)
        #expect(parsed?.first?["hint"] as? String == "scores go from 0 to 10\nfor example: rating: 7")
    }

    @Test func noDiagnosticsIsAnEmptyArray() {
        #expect(DiagnosticJSON.encode([]) == "[]")
    }

    @Test func controlCharactersAreLeftOut() {
        #expect(JSONValue.string("a\tb\u{1}c\u{1B}d").compact == #""a\tbcd""#)   // left out: a reader would get them back
    }
}
