@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Front matter is typed by the kind's schema, not by YAML's guesses: each value comes out as its
/// field says, and each mistake is an error at the value's line and column.
@Suite struct FrontMatterTypingTests {
    /// A kind with a field of every type; its cell prints each one between `|`.
    private static let theme: [String: String] = [
        "themes/default/kinds/specimen.yml": """
            label: Specimen
            page: true
            fields:
              text: string?
              whole: int?
              amount: number?
              flag: bool?
              day: date?
              link: url?
              choice: {type: enum, values: [red, green, blue], default: green}
              names: "[string]?"
              short: {type: string, required: false, min: 2, max: 5}
              score: {type: number, required: false, min: 0.5, max: 9.5}
              since: {type: date, required: false, min: 2020-01-01, max: 2030-12-31}
              few: {type: "[string]", required: false, min_items: 1, max_items: 2}
              line: text?
            """,
        "themes/default/cells/specimen.html": """
            <li>title={{title}}|text={{text}}|whole={{whole}}|amount={{amount}}|flag={{flag}}|day={{day}}|link={{link}}|\
            choice={{choice}}|names={{#names}}[{{.}}]{{/names}}|short={{short}}|score={{score}}|few={{#few}}[{{.}}]{{/few}}|line={{line}}</li>

            """,
    ]

    private func site(_ frontMatter: String, settings: String = "") throws -> TemporarySite {
        try TemporarySite(files: Self.theme.merging([
            "content/_index.md": Fixture.site(settings),
            "content/things/_index.md": Fixture.section("Things", kind: "specimen"),
            "content/things/s.md": Fixture.item(frontMatter),
        ]) { $1 })
    }

    /// The cell of `content/things/s.md` as the section page shows it.
    private func cell(_ frontMatter: String, settings: String = "",
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> String {
        let site = try site(frontMatter, settings: settings)
        let problems = await site.diagnostics()
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        let page = try site.page("things/index.html", sourceLocation: sourceLocation)
        return try #require(HTML.slices(of: page, between: "<li>", and: "</li>").first, sourceLocation: sourceLocation)
    }

    // MARK: - Values

    @Test(arguments: [
        ("title: 1.10\n", "title=1.10|"),
        ("title: no\n", "title=no|"),
        ("title: 2024-07-13\n", "title=2024-07-13|"),
        ("title: '007'\n", "title=007|"),
        ("title: T\ntext: no\n", "text=no|"),
        ("title: T\ntext: yes\n", "text=yes|"),
        ("title: T\ntext: 1.10\n", "text=1.10|"),
        ("title: T\ntext: 0x1F\n", "text=0x1F|"),
        ("title: T\ntext: 2024-07-13\n", "text=2024-07-13|"),
        ("title: T\ntext: ~\n", "text=|"),
        ("title: T\ntext: \"~\"\n", "text=~|"),
    ])
    func stringsStayStrings(_ frontMatter: String, _ expected: String) async throws {
        #expect(try await cell(frontMatter).contains(expected))
    }

    @Test(arguments: [
        ("whole: 42", "whole=42|"), ("whole: +7", "whole=7|"), ("whole: -3", "whole=-3|"), ("whole: 0", "whole=0|"),
        ("amount: 1.10", "amount=1.1|"), ("amount: 3", "amount=3|"), ("amount: -0.25", "amount=-0.25|"),
        ("amount: 2.5e3", "amount=2500|"),
        ("flag: true", "flag=true|"), ("flag: false", "flag=false|"), ("flag: yes", "flag=true|"),
        ("flag: no", "flag=false|"), ("flag: On", "flag=true|"), ("flag: OFF", "flag=false|"),
        ("link: https://example.com/a?b=c", "link=https://example.com/a?b=c|"), ("link: /about/", "link=/about/|"),
        ("link: mailto:ada@example.org", "link=mailto:ada@example.org|"), ("link: '#top'", "link=#top|"),
        ("choice: red", "choice=red|"), ("choice: blue", "choice=blue|"),
        ("line: '*Dune*: Part Two'", "line=<em>Dune</em>: Part Two"),
        ("line: '<b>raw</b> [x](javascript:alert(1))'", "line=<!-- raw HTML omitted -->raw<!-- raw HTML omitted --> <a href=\"\">x</a>"),
    ])
    func scalarsAreTypedByTheirField(_ line: String, _ expected: String) async throws {
        #expect(try await cell("title: T\n\(line)\n").contains(expected))
    }

    @Test(arguments: [
        ("day: 2024-07-13", "day=2024-07-13T00:00:00Z|"),
        ("day: 2024-07-13 22:03", "day=2024-07-13T22:03:00Z|"),
        ("day: 2024-07-13T22:03:53Z", "day=2024-07-13T22:03:53Z|"),
        ("day: 2024-07-13T22:03:53+02:00", "day=2024-07-13T20:03:53Z|"),
        ("day: 2024-07-13T22:03:53.5-05:30", "day=2024-07-14T03:33:53Z|"),
        ("day: 2024-02-29", "day=2024-02-29T00:00:00Z|"),
    ])
    func datesWithAndWithoutZones(_ line: String, _ expected: String) async throws {
        #expect(try await cell("title: T\n\(line)\n").contains(expected))
    }

    @Test(arguments: [
        ("day: 2024-07-13", "day=2024-07-13T00:00:00+02:00|"),
        ("day: 2024-01-15 09:30", "day=2024-01-15T09:30:00+01:00|"),
        ("day: 2024-07-13T22:03:00Z", "day=2024-07-14T00:03:00+02:00|"),
        ("day: 2024-07-13T22:03:00+02:00", "day=2024-07-13T22:03:00+02:00|"),
    ])
    func naiveDatesAreInTheSitesTimeZone(_ line: String, _ expected: String) async throws {
        #expect(try await cell("title: T\n\(line)\n", settings: "timezone: Europe/Paris\n").contains(expected))
    }

    @Test(arguments: [
        ("names: solo", "names=[solo]|"),
        ("names: no", "names=[no]|"),
        ("names: [a, b]", "names=[a][b]|"),
        ("names:\n  - a\n  - 1.10", "names=[a][1.10]|"),
        ("names: []", "names=|"),
    ])
    func aSingleValueIsAListOfOne(_ lines: String, _ expected: String) async throws {
        #expect(try await cell("title: T\n\(lines)\n").contains(expected))
    }

    @Test func optionalFieldsMayBeLeftOutAndDefaultsApply() async throws {
        let cell = try await cell("title: T\n")
        #expect(cell == "title=T|text=|whole=|amount=|flag=|day=|link=|choice=green|names=|short=|score=|few=|line=")
    }

    @Test(arguments: [
        ("short: ab", "short=ab|"), ("short: abcde", "short=abcde|"),
        ("score: 0.5", "score=0.5|"), ("score: 9.5", "score=9.5|"),
        ("since: 2020-01-01", "title=T|"), ("since: 2030-12-31", "title=T|"),
        ("few: [a]", "few=[a]|"), ("few: [a, b]", "few=[a][b]|"),
    ])
    func boundsAreInclusive(_ line: String, _ expected: String) async throws {
        #expect(try await cell("title: T\n\(line)\n").contains(expected))
    }

    // MARK: - Mistakes

    private static let wrong: [(String, String)] = [
        ("whole: ten", "3:8: error: 'whole' must be an integer, found \"ten\""),
        ("whole: 1.5", "3:8: error: 'whole' must be an integer, found \"1.5\""),
        ("whole: \"7\"", "3:8: error: 'whole' must be an integer, found \"7\"\n  hint: write the number without quotes"),
        ("whole: [1]", "3:8: error: 'whole' must be an integer, found a list"),
        ("amount: abc", "3:9: error: 'amount' must be a number, found \"abc\""),
        ("amount: inf", "3:9: error: 'amount' must be a number, found \"inf\""),
        ("amount: '2.5'", "3:9: error: 'amount' must be a number, found \"2.5\"\n  hint: write the number without quotes"),
        ("flag: maybe", "3:7: error: 'flag' must be true or false, found \"maybe\""),
        ("flag: \"true\"", "3:7: error: 'flag' must be true or false, found \"true\"\n  hint: write true or false without quotes"),
        ("flag: {a: b}", "3:7: error: 'flag' must be true or false, found a mapping"),
        ("day: 2024-13-01", "3:6: error: 'day' is not a date: the month 13 is out of range (01 to 12), in \"2024-13-01\""),
        ("day: 2023-02-29", "3:6: error: 'day' is not a date: the day 29 is out of range (2023-02 has 28 days), in \"2023-02-29\""),
        ("day: 13/07/2024", "3:6: error: 'day' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"13/07/2024\""),
        ("day: 2024-07-13T25:00", "3:6: error: 'day' is not a date: the hour 25 is out of range (00 to 23), in \"2024-07-13T25:00\""),
        ("link: javascript:alert(1)", "3:7: error: 'link' must be a URL (https://… or /path), found \"javascript:alert(1)\"\n  hint: only http, https, mailto, tel and relative URLs are allowed"),
        ("link: JavaScript:alert(1)", "3:7: error: 'link' must be a URL (https://… or /path), found \"JavaScript:alert(1)\"\n  hint: only http, https, mailto, tel and relative URLs are allowed"),
        ("link: data:text/html,x", "3:7: error: 'link' must be a URL (https://… or /path), found \"data:text/html,x\"\n  hint: only http, https, mailto, tel and relative URLs are allowed"),
        ("link: example.com", "3:7: error: 'link' must be a URL (https://… or /path), found \"example.com\""),
        ("link: https://", "3:7: error: 'link' must be a URL (https://… or /path), found \"https://\""),
        ("link: '/a b/'", "3:7: error: 'link' must be a URL (https://… or /path), found \"/a b/\""),
        ("choice: purple", "3:9: error: 'choice' must be one of red, green, blue; found \"purple\""),
        ("choice: gren", "3:9: error: 'choice' must be one of red, green, blue; found \"gren\"\n  hint: did you mean 'green'?"),
        ("choice: Red", "3:9: error: 'choice' must be one of red, green, blue; found \"Red\"\n  hint: did you mean 'red'?"),
        ("short: toolong", "3:8: error: 'short' must be text of 2 to 5 characters, found 7 characters"),
        ("short: ''", "3:8: error: 'short' must be text of 2 to 5 characters, found 0 characters"),
        ("score: 10", "3:8: error: 'score' must be a number from 0.5 to 9.5, found 10"),
        ("score: 0.25", "3:8: error: 'score' must be a number from 0.5 to 9.5, found 0.25"),
        ("since: 2019-12-31", "3:8: error: 'since' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone) from 2020-01-01 to 2030-12-31, found 2019-12-31"),
        ("since: 2031-01-01", "3:8: error: 'since' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone) from 2020-01-01 to 2030-12-31, found 2031-01-01"),
        ("few: []", "3:6: error: 'few' needs at least 1 item, found 0"),
        ("few: [a, b, c]", "3:6: error: 'few' allows at most 2 items, found 3"),
        ("names: [a, [b]]", "3:12: error: 'names[2]' must be text, found a list"),
        ("names: {a: b}", "3:8: error: 'names' must be text, found a mapping"),
    ]

    @Test(arguments: wrong)
    func mistakesAreReportedAtTheValue(_ line: String, _ expected: String) async throws {
        let site = try site("title: T\n\(line)\n")
        await site.expectFailure(["content/things/s.md:" + expected])
    }

    @Test func everyMistakeOfAFileIsReportedInOneBuild() async throws {
        let site = try site("title: T\nwhole: ten\nflag: maybe\nchoice: purple\n")
        await site.expectFailure([
            "content/things/s.md:3:8: error: 'whole' must be an integer, found \"ten\"",
            "content/things/s.md:4:7: error: 'flag' must be true or false, found \"maybe\"",
            "content/things/s.md:5:9: error: 'choice' must be one of red, green, blue; found \"purple\"",
        ])
    }

    @Test func frontMatterMustBeAMapping() async throws {
        let site = try site("- a\n- b\n")
        await site.expectFailure([
            "content/things/s.md:2:1: error: front matter must be a mapping of 'field: value' lines, found a list",
        ])
    }

    @Test func anEmptyTitleIsOutOfRange() async throws {
        let site = try site("title: ''\n")
        await site.expectFailure(["content/things/s.md:2:8: error: 'title' must be text of at least 1 character, found 0 characters"])
    }

    @Test func aMissingTitleIsReportedAtTheTopOfTheFile() async throws {
        let site = try site("whole: 1\n")
        await site.expectFailure([
            "content/things/s.md:1:1: error: missing required field 'title' for kind 'specimen'\n  hint: add a line such as 'title: <text of at least 1 character>'",
        ])
    }

    @Test func aNullForARequiredFieldIsNothing() async throws {
        let site = try site("title:\n")
        await site.expectFailure(["content/things/s.md:2:7: error: 'title' must be text of at least 1 character, found nothing"])
    }
}
