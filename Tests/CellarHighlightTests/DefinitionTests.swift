@testable import CellarHighlight
import Foundation
import Testing

@Suite struct DefinitionTests {
    static let cellarLanguages = testHighlighter.languages.filter { $0.origin == .cellar }

    @Test(arguments: cellarLanguages)
    func cellarDefinitionsBuildFastAndParallel(_ language: CodeLanguage) throws {
        let report = try testHighlighter.checkDefinition(of: language).get()
        #expect(report.rules > 5)
        #expect(report.boostRules == 0, "every rule matches with PCRE2")
        #expect(!report.serialised, "no dynamic backreference: highlighting never takes the library lock")
    }

    @Test func everySystemDefinitionBuildsWithBothMatchers() {
        for language in testHighlighter.languages where language.origin == .sourceHighlight {
            let fast = testHighlighter.checkDefinition(of: language)
            let reference = boostHighlighter.checkDefinition(of: language)
            switch (fast, reference) {
            case let (.success(fast), .success(reference)):
                #expect(fast.rules == reference.rules, "\(language.name)")
                #expect(fast.serialised == reference.serialised, "\(language.name)")
            case let (.failure(fast), .failure(reference)):
                // A broken system definition: both must say the same, each from its own folder.
                #expect(fast.reason.replacingOccurrences(of: testHighlighter.dataFolder!, with: "")
                    == reference.reason.replacingOccurrences(of: boostHighlighter.dataFolder!, with: ""), "\(language.name) fails the same way")
            default:
                Issue.record("\(language.name): PCRE2 \(fast), Boost \(reference)")
            }
        }
    }

    @Test func aBrokenDefinitionIsReportedWithItsPlace() throws {
        let folder = temporaryFolder("broken")
        try "keyword = \"a\"\nthis is not a definition\n".write(toFile: folder + "/broken.lang", atomically: true, encoding: .utf8)
        let session = try #require(HighlightSession())
        let result = session.check(definition: "broken.lang", in: folder, matcher: .pcre2)
        #expect(result == .failure(HighlightFailure(reason: "\(folder)/broken.lang:2: syntax error")))
        let highlighted = session.highlight(Array("a\n".utf8), definition: "broken.lang", in: folder, matcher: .pcre2, timeLimit: .seconds(1))
        #expect(highlighted == .failure(HighlightFailure(reason: "\(folder)/broken.lang:2: syntax error")))
        let missing = session.highlight(Array("a\n".utf8), definition: "missing.lang", in: folder, matcher: .pcre2, timeLimit: .seconds(1))
        guard case let .failure(failure) = missing else { Issue.record("a missing definition highlighted"); return }
        #expect(failure.reason.contains("missing.lang"))
    }
}
