import CellarDiagnostics
import Testing

/// How one diagnostic prints: the compiler format editors jump to, with the hint on its own line.
@Suite struct DiagnosticTests {
    private let dune = CellarDiagnostics.SourceLocation(file: "content/reviews/dune.md", line: 4, column: 9)

    @Test func descriptionIsTheCompilerFormatWithTheHintBelow() {
        let diagnostic = Diagnostic.error("'rating' must be an integer from 0 to 10, found \"ten\"", at: dune,
                                          hint: "write a whole number such as 7")
        #expect(diagnostic.headline == "content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"")
        #expect(diagnostic.description == """
            content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found "ten"
              hint: write a whole number such as 7
            """)
    }

    @Test func withoutAHintTheDescriptionIsTheHeadline() {
        let diagnostic = Diagnostic.warning("'x.md' links to content/x.md, which is not published in this build", at: dune)
        #expect(diagnostic.description == "content/reviews/dune.md:4:9: warning: 'x.md' links to content/x.md, which is not published in this build")
        #expect(diagnostic.description == diagnostic.headline)
    }

    @Test func withoutAPlaceOnlyTheSeverityLeads() {
        let diagnostic = Diagnostic.error("no content folder at content/", hint: "run cellar in a site folder")
        #expect(diagnostic.description == "error: no content folder at content/\n  hint: run cellar in a site folder")
    }

    @Test(arguments: [
        (Diagnostic.note("n", at: .init(file: "a.md")), "a.md:1:1: note: n"),
        (Diagnostic.warning("w", at: .init(file: "a.md", line: 2)), "a.md:2:1: warning: w"),
        (Diagnostic(.error, "e", at: .init(file: "a.md", line: 3, column: 4)), "a.md:3:4: error: e"),
    ])
    func severityIsPrintedInLowerCase(_ diagnostic: Diagnostic, _ expected: String) {
        #expect(diagnostic.description == expected)
    }

    @Test func severitiesRankErrorsFirst() {
        #expect([Diagnostic.Severity.note, .error, .warning].sorted() == [.error, .warning, .note])
    }

    @Test func aDiagnosticIsItsOwnDiagnosticConvertible() {
        let diagnostic = Diagnostic.error("e", at: dune)
        let convertible: any DiagnosticConvertible = diagnostic
        #expect(convertible.diagnostic == diagnostic)
    }
}

@Suite struct SourceLocationTests {
    @Test func printsAsFileLineColumn() {
        #expect(CellarDiagnostics.SourceLocation(file: "content/a.md", line: 12, column: 3).description == "content/a.md:12:3")
        #expect(CellarDiagnostics.SourceLocation(file: "content/a.md").description == "content/a.md:1:1")
    }

    @Test func offsetMovesDownKeepingTheColumn() {
        let start = CellarDiagnostics.SourceLocation(file: "a.md", line: 1, column: 7)
        #expect(start.offset(lines: 3) == CellarDiagnostics.SourceLocation(file: "a.md", line: 4, column: 7))
    }

    @Test func ordersByFileThenLineThenColumn() {
        let places: [CellarDiagnostics.SourceLocation] = [
            .init(file: "b.md", line: 1, column: 1), .init(file: "a.md", line: 10, column: 1),
            .init(file: "a.md", line: 2, column: 9), .init(file: "a.md", line: 2, column: 3),
        ]
        #expect(places.sorted().map(\.description) == ["a.md:2:3", "a.md:2:9", "a.md:10:1", "b.md:1:1"])
    }
}

/// Collecting every problem of a run before failing, and presenting them in reading order.
@Suite struct DiagnosticBagTests {
    @Test func sortsByFileLineAndColumnWithUnplacedFirst() {
        var bag = DiagnosticBag()
        bag.error("late column", at: .init(file: "content/a.md", line: 3, column: 9))
        bag.error("second file", at: .init(file: "content/b.md", line: 1, column: 1))
        bag.warning("early column", at: .init(file: "content/a.md", line: 3, column: 2))
        bag.error("nowhere")
        bag.error("line ten", at: .init(file: "content/a.md", line: 10, column: 1))
        bag.error("line two", at: .init(file: "content/a.md", line: 2, column: 5))
        #expect(bag.sorted.map(\.headline) == [
            "error: nowhere",
            "content/a.md:2:5: error: line two",
            "content/a.md:3:2: warning: early column",
            "content/a.md:3:9: error: late column",
            "content/a.md:10:1: error: line ten",
            "content/b.md:1:1: error: second file",
        ])
    }

    @Test func keepsTheOrderOfDiagnosticsAtTheSamePlaceAndDropsRepeats() {
        var bag = DiagnosticBag()
        let place = CellarDiagnostics.SourceLocation(file: "a.md", line: 1, column: 1)
        bag.error("first", at: place)
        bag.error("second", at: place)
        bag.error("first", at: place)
        bag.append(contentsOf: [.error("third", at: place)])
        #expect(bag.sorted.map(\.message) == ["first", "second", "third"])
        #expect(bag.diagnostics.count == 4)
    }

    @Test(arguments: [
        (2, 1, 0, "2 errors, 1 warning"),
        (1, 0, 0, "1 error"),
        (0, 3, 0, "3 warnings"),
        (1, 2, 5, "1 error, 2 warnings"),
        (0, 0, 2, "no problems"),
        (0, 0, 0, "no problems"),
    ])
    func summaryCountsErrorsAndWarnings(_ errors: Int, _ warnings: Int, _ notes: Int, _ expected: String) {
        var bag = DiagnosticBag()
        for n in 0..<errors { bag.error("e\(n)") }
        for n in 0..<warnings { bag.warning("w\(n)") }
        for n in 0..<notes { bag.append(.note("n\(n)")) }
        #expect(bag.summary == expected)
        #expect(bag.errorCount == errors)
        #expect(bag.warningCount == warnings)
        #expect(bag.hasErrors == (errors > 0))
        #expect(bag.isEmpty == (errors + warnings + notes == 0))
    }

    @Test func descriptionPrintsEveryDiagnosticSortedWithHints() {
        var bag = DiagnosticBag()
        bag.error("b", at: .init(file: "b.md", line: 2, column: 1), hint: "fix b")
        bag.warning("a", at: .init(file: "a.md", line: 5, column: 1))
        #expect(bag.description == "a.md:5:1: warning: a\nb.md:2:1: error: b\n  hint: fix b")
    }
}

/// "Did you mean …?": the closest known name, when it is close enough to be a typo.
@Suite struct SuggestionTests {
    private let fields = ["title", "date", "updated", "kind", "slug", "tags", "draft", "summary", "weight", "aliases",
                          "rating", "poster", "verdict", "cast", "released", "country"]

    @Test(arguments: [
        ("ratng", "rating"),        // a letter left out
        ("ratting", "rating"),      // a letter too many
        ("rtaing", "rating"),       // two letters swapped: one edit
        ("titel", "title"),         // swapped at the end
        ("verdcit", "verdict"),
        ("Rating", "rating"),       // case does not count
        ("tag", "tags"),
    ])
    func findsTheIntendedName(_ typo: String, _ intended: String) {
        #expect(Suggestion.closest(to: typo, in: fields) == intended)
    }

    @Test(arguments: ["colour", "banana", "x", "publication_date", ""])
    func farWordsGetNoSuggestion(_ word: String) {
        #expect(Suggestion.closest(to: word, in: fields) == nil)
    }

    @Test func noCandidatesNoSuggestion() {
        #expect(Suggestion.closest(to: "rating", in: [String]()) == nil)
    }

    /// The tail every "unknown …" message appends: the suggestion in quotes, or nothing at all.
    @Test func didYouMeanIsTheMessageTail() {
        #expect("unknown key 'ratng'" + Suggestion.didYouMean("ratng", in: fields) == "unknown key 'ratng'; did you mean 'rating'?")
        #expect(Suggestion.didYouMean("banana", in: fields) == "")
    }

    @Test(arguments: [
        ("ab", "ba", 1), ("rating", "rtaing", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3),
        ("same", "same", 0), ("ca", "abc", 3),
    ])
    func editDistanceCountsATranspositionAsOneEdit(_ a: String, _ b: String, _ distance: Int) {
        #expect(Suggestion.editDistance(Array(a), Array(b)) == distance)
    }
}
