@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Every user mistake is a diagnostic with the file, line and column, the exact message and, where
/// there is one, the hint; a build reports all of them at once and writes nothing.
@Suite struct DiagnosticsTests {
    private func site(_ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
        ].merging(files) { $1 })
    }

    private func review(_ text: String) throws -> TemporarySite {
        try site(["content/reviews/dune.md": text])
    }

    @Test(arguments: [
        ("---\ntitle: Dune: Part Two\nrating: 9\n---\n",
         "content/reviews/dune.md:2:12: error: malformed YAML: mapping values are not allowed in this context\n  hint: a value that contains ': ' must be quoted, e.g. title: \"Dune: Part Two\""),
        ("---\ntitle: Dune\ncast: [Zendaya, Chalamet\nrating: 9\n---\n",
         "content/reviews/dune.md:4:7: error: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)\n  hint: a list in brackets needs commas between items and a closing ']'"),
        ("---\ntitle: Dune\nrating: 9\ntitle: Dune 2\n---\n",
         "content/reviews/dune.md:4:1: error: duplicate key 'title'; it is already set on line 2\n  hint: keep one of the two lines"),
    ])
    func malformedYAMLIsReportedWithLibyamlsProblemAndAHint(_ text: String, _ expected: String) async throws {
        try await review(text).expectFailure([expected])
    }

    @Test(arguments: ["---\ntitle: Dune\nrating: 9\n", "---\n", "---\ntitle: Dune\n--\nBody\n"])
    func unclosedFrontMatterIsReportedAtTheOpeningFence(_ text: String) async throws {
        try await review(text).expectFailure([
            "content/reviews/dune.md:1:1: error: the front matter opened on line 1 is never closed\n  hint: end the front matter with a line of three dashes: ---",
        ])
    }

    @Test func aMissingRequiredFieldIsReportedAtTheTopWithAnExample() async throws {
        try await review("---\ntitle: Dune\n---\n").expectFailure([
            "content/reviews/dune.md:1:1: error: missing required field 'rating' for kind 'review'\n  hint: add a line such as 'rating: <integer from 0 to 10>'",
        ])
    }

    @Test func aFileWithoutFrontMatterGetsANoteSayingSo() async throws {
        let problems = try await review("Just text.\n").diagnostics()
        #expect(problems.map { $0.prefix { $0 != "\n" } } == [
            "content/reviews/dune.md:1:1: error: missing required field 'title' for kind 'review'",
            "content/reviews/dune.md:1:1: error: missing required field 'rating' for kind 'review'",
            "content/reviews/dune.md:1:1: note: content/reviews/dune.md has no front matter",
        ])
        #expect(problems.last == "content/reviews/dune.md:1:1: note: content/reviews/dune.md has no front matter\n  hint: start the file with a block such as:\n---\ntitle: My title\n---")
    }

    @Test(arguments: [
        ("rating: ten", "content/reviews/dune.md:3:9: error: 'rating' must be an integer from 0 to 10, found \"ten\""),
        ("rating: 11", "content/reviews/dune.md:3:9: error: 'rating' must be an integer from 0 to 10, found 11"),
        ("rating: -1", "content/reviews/dune.md:3:9: error: 'rating' must be an integer from 0 to 10, found -1"),
        ("rating: 9\nverdict: must see", "content/reviews/dune.md:4:10: error: 'verdict' must be one of must-see, good, skip; found \"must see\"\n  hint: did you mean 'must-see'?"),
        ("rating: 9\nverdict: meh", "content/reviews/dune.md:4:10: error: 'verdict' must be one of must-see, good, skip; found \"meh\""),
        ("rating: 9\nreleased: soon", "content/reviews/dune.md:4:11: error: 'released' must be a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone), found \"soon\""),
        ("ratng: 9\nrating: 9", "content/reviews/dune.md:3:1: error: unknown field 'ratng' for kind 'review'; did you mean 'rating'?"),
        ("rating: 9\n  \nPoster: x.png", "content/reviews/dune.md:5:1: error: unknown field 'Poster' for kind 'review'; did you mean 'poster'?"),
        ("rating: 9\ncolour: red", "content/reviews/dune.md:4:1: error: unknown field 'colour' for kind 'review'\n  hint: known fields: title, date, updated, kind, slug, tags, draft, summary, weight, aliases, expires, language, translation_key, rating, poster, verdict, cast, released, country"),
    ])
    func fieldMistakesAreReportedWhereTheyAreWritten(_ lines: String, _ expected: String) async throws {
        try await review("---\ntitle: Dune\n\(lines)\n---\nSand.\n").expectFailure([expected])
    }

    @Test func anUnknownKindListsTheKnownOnesAndSuggestsTheClosest() async throws {
        try await review("---\ntitle: Dune\nkind: reviews\nrating: 9\n---\n").expectFailure([
            "content/reviews/dune.md:3:7: error: unknown kind 'reviews' (known kinds: link, note, review)\n  hint: did you mean 'review'?",
        ])
    }

    @Test func anUnknownKindFarFromAnyTellsHowToDefineIt() async throws {
        try await review("---\ntitle: Dune\nkind: podcast\n---\n").expectFailure([
            "content/reviews/dune.md:3:7: error: unknown kind 'podcast' (known kinds: link, note, review)\n  hint: define it with a schema kinds/podcast.yml and a cell template cells/podcast.html in the theme",
        ])
    }

    @Test func anUnknownKindInASectionIsReportedInItsIndex() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/reviews/_index.md": Fixture.section("Reviews", kind: "reviw"),
        ])
        await site.expectFailure([
            "content/reviews/_index.md:3:7: error: unknown kind 'reviw' (known kinds: link, note, review)\n  hint: did you mean 'review'?",
        ])
    }

    @Test func aKindWithoutACellTemplateNamesTheExpectedPath() async throws {
        let site = try site(["themes/default/kinds/podcast.yml": "label: Podcast\nfields:\n  episode: int\n"])
        await site.expectFailure([
            "themes/default/kinds/podcast.yml:1:1: error: kind 'podcast' has no cell template; expected themes/default/cells/podcast.html\n  hint: every kind needs a cell: create themes/default/cells/podcast.html",
        ])
    }

    @Test func twoItemsWithTheSameURLNameBothFiles() async throws {
        let site = try site([
            "content/reviews/dune.md": "---\ntitle: Dune\nrating: 9\n---\n",
            "content/reviews/dune-2021.md": "---\ntitle: Dune (2021)\nrating: 8\nslug: dune\n---\n",
        ])
        await site.expectFailure([
            "content/reviews/dune.md:1:1: error: the URL /reviews/dune/ is also the URL of content/reviews/dune-2021.md\n  hint: give one of them another 'slug:' or move it",
        ])
    }

    @Test func aMissingImageNamesWhereItWasLookedFor() async throws {
        try await review("---\ntitle: Dune\nrating: 9\nposter: posters/dune.jpg\n---\n").expectFailure([
            "content/reviews/dune.md:4:9: error: image 'posters/dune.jpg' for 'poster' not found; looked for content/reviews/posters/dune.jpg\n  hint: paths without a leading '/' are relative to the item's folder",
        ])
        try await review("---\ntitle: Dune\nrating: 9\nposter: /images/dune.jpg\n---\n").expectFailure([
            "content/reviews/dune.md:4:9: error: image '/images/dune.jpg' for 'poster' not found; looked for content/images/dune.jpg\n  hint: paths starting with '/' are relative to content/",
        ])
    }

    @Test func anImageOutsideTheContentFolderIsRefused() async throws {
        try await review("---\ntitle: Dune\nrating: 9\nposter: ../../etc/passwd\n---\n").expectFailure([
            "content/reviews/dune.md:4:9: error: 'poster' points outside the content folder: \"../../etc/passwd\"\n  hint: files must live under content/",
        ])
    }

    @Test(arguments: [
        (Array("---\ntitle: Cr".utf8) + [0xE8] + Array("me\nrating: 9\n---\n".utf8), "2:10", "0xE8"),
        (Array("---\ntitle: A\nrating: 9\n---\n\n".utf8) + [0xC3, 0x28], "6:1", "0xC3"),
        (Array("\u{FEFF}---\ntitle: Crème ".utf8) + [0xFF], "2:14", "0xFF"),
    ])
    func aNonUTF8FileIsReportedAtItsFirstBadByte(_ bytes: [UInt8], _ place: String, _ byte: String) async throws {
        let site = try review("")
        try site.write(Data(bytes), to: "content/reviews/dune.md")
        await site.expectFailure([
            "content/reviews/dune.md:\(place): error: the file is not valid UTF-8 (byte \(byte))\n  hint: save the file as UTF-8 (it may be Latin-1 or Windows-1252)",
        ])
    }

    @Test func aNULByteIsReportedWhereItIs() async throws {
        let site = try review("---\ntitle: A\nrating: 9\n---\nBody\u{0}\n")
        await site.expectFailure([
            "content/reviews/dune.md:5:5: error: the file contains a NUL byte\n  hint: this looks like a binary file; content files must be UTF-8 text",
        ])
    }

    @Test func crlfLineEndingsKeepLineNumbers() async throws {
        try await review("---\r\ntitle: Dune\r\nrating: ten\r\n---\r\n").expectFailure([
            "content/reviews/dune.md:3:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"",
        ])
    }

    @Test func aBuildReportsTheDiagnosticsOfEveryBrokenFileSortedByFileAndLine() async throws {
        let site = try site([
            "content/reviews/c.md": "---\ntitle: C\nrating: 99\nratng: 1\n---\n",
            "content/reviews/a.md": "---\ntitle: A\nverdict: meh\n---\n",
            "content/reviews/b.md": "---\ntitle: [B\n---\n",
            "content/reviews/d.md": "---\ntitle: D\nrating: 5\n---\n",
        ])
        let before = site.snapshot()
        await site.expectFailure([
            "content/reviews/a.md:1:1: error: missing required field 'rating' for kind 'review'\n  hint: add a line such as 'rating: <integer from 0 to 10>'",
            "content/reviews/a.md:3:10: error: 'verdict' must be one of must-see, good, skip; found \"meh\"",
            "content/reviews/b.md:3:1: error: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)\n  hint: a list in brackets needs commas between items and a closing ']'",
            "content/reviews/c.md:3:9: error: 'rating' must be an integer from 0 to 10, found 99",
            "content/reviews/c.md:4:1: error: unknown field 'ratng' for kind 'review'; did you mean 'rating'?",
        ])
        #expect(site.snapshot() == before, "a failed build wrote into public/")
    }

    @Test func unknownSiteAndSectionSettingsAreErrorsToo() async throws {
        let site = try TemporarySite(files: [
            "content/_index.md": "---\ntitle: Test site\ntimezone: Mars/Olympus\npaginte: 5\nmarkdown: {unsafee: true}\n---\n",
            "content/reviews/_index.md": "---\ntitle: Reviews\nkind: review\nsort: rating\n---\n",
        ])
        await site.expectFailure([
            "content/_index.md:3:11: error: unknown time zone 'Mars/Olympus'\n  hint: use an IANA name such as UTC, Europe/Paris or America/New_York",
            "content/_index.md:4:1: error: unknown setting 'paginte' for the site settings; did you mean 'paginate'?",
            "content/_index.md:5:12: error: unknown setting 'markdown.unsafee' for the site settings; did you mean 'markdown.unsafe'?",
            "content/reviews/_index.md:4:7: error: 'sort' must be one of date, title, weight; found \"rating\"",
        ])
    }
}
