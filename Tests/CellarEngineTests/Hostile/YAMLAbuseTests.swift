@testable import CellarEngine
import CellarSiteTestSupport
import CellarYAML
import Foundation
import Testing

/// Front matter written to hurt: alias expansion bombs, duplicate keys (libyaml accepts them, Cellar
/// does not), deep nesting, huge documents. Each is refused quickly with a located error.
@Suite struct YAMLAbuseTests {
    private func site(_ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        ].merging(files) { $1 })
    }

    /// The "billion laughs": nine levels of ten aliases each, 10⁹ strings once expanded. The count
    /// crosses 10,000 at the eighth alias of `lol3` (line 6 of the file).
    static let billionLaughs: String = {
        var lines = ["---", "title: Laughs", "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let previous = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("lol\(level): &l\(level) [\(previous)]")
        }
        return (lines + ["---", ""]).joined(separator: "\n")
    }()

    @Test(.timeLimit(.minutes(10))) func anAliasBombIsRefusedAtTheAliasThatCrossesTheLimit() async throws {
        let site = try site(["content/notes/bomb.md": Self.billionLaughs])
        await site.expectFailure([
            "content/notes/bomb.md:6:47: error: YAML expands to more than 10000 values\n  hint: aliases ('*name') that copy large values many times are refused",
        ])
    }

    @Test func anAliasBombInTheSiteSettingsIsRefusedToo() async throws {
        let site = try site(["content/_index.md": Self.billionLaughs + "Home.\n"])
        await site.expectFailure([
            "content/_index.md:6:47: error: YAML expands to more than 10000 values\n  hint: aliases ('*name') that copy large values many times are refused",
        ])
    }

    @Test func anAliasBombInAKindSchemaIsRefusedToo() async throws {
        let bomb = Self.billionLaughs.split(separator: "\n").dropFirst(2).dropLast().joined(separator: "\n")
        let site = try site(["themes/default/kinds/note.yml": "label: Note\nfields: {}\n" + bomb + "\n"])
        await site.expectFailure([
            "themes/default/kinds/note.yml:6:47: error: YAML expands to more than 10000 values\n  hint: aliases ('*name') that copy large values many times are refused",
        ])
    }

    @Test func aFewAliasesAreFine() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: &t Same\nsummary: *t\ntags: &tags [x, y]\n---\n"])
        try await site.build()
        #expect(site.exists("public/tags/x/index.html"))
    }

    @Test(arguments: [
        ("---\ntitle: A\ntitle: B\n---\n", "content/notes/a.md:3:1: error: duplicate key 'title'; it is already set on line 2"),
        ("---\ntitle: A\n\"title\": B\n---\n", "content/notes/a.md:3:1: error: duplicate key 'title'; it is already set on line 2"),
        ("---\n{title: A, title: B}\n---\n", "content/notes/a.md:2:12: error: duplicate key 'title'; it is already set on line 2"),
        ("---\ntitle: A\ntags: [x]\n? tags\n: [y]\n---\n", "content/notes/a.md:4:3: error: duplicate key 'tags'; it is already set on line 3"),
    ])
    func duplicateKeysAreRefused(_ text: String, _ expected: String) async throws {
        let site = try site(["content/notes/a.md": text])
        await site.expectFailure([expected + "\n  hint: keep one of the two lines"])
    }

    @Test func duplicateKeysInsideANestedSettingAreRefused() async throws {
        let site = try site(["content/_index.md": Fixture.site("markdown:\n  unsafe: false\n  smart: true\n  unsafe: true\n")])
        await site.expectFailure([
            "content/_index.md:7:3: error: duplicate key 'unsafe'; it is already set on line 5\n  hint: keep one of the two lines",
        ])
    }

    @Test func aMergeKeyIsAnUnknownFieldNotAWayAroundDuplicateChecks() async throws {
        let site = try site(["content/notes/a.md": "---\nbase: &b {title: A}\n<<: *b\ntitle: B\n---\n"])
        let problems = await site.diagnostics()
        #expect(problems.contains { $0.hasPrefix("content/notes/a.md:2:1: error: unknown field 'base' for kind 'note'") })
        #expect(problems.contains { $0.hasPrefix("content/notes/a.md:3:1: error: unknown field '<<' for kind 'note'") })
    }

    @Test(arguments: [
        ("---\ntitle: A\n? [x, y]\n: z\n---\n", "content/notes/a.md:3:3: error: a key must be plain text, found a list"),
        ("---\ntitle: A\n? {x: y}\n: z\n---\n", "content/notes/a.md:3:3: error: a key must be plain text, found a mapping"),
        ("---\ntitle: *nowhere\n---\n", "content/notes/a.md:2:8: error: unknown alias '*nowhere'\n  hint: define it first with '&nowhere'"),
    ])
    func oddKeysAndUnknownAliasesAreRefused(_ text: String, _ expected: String) async throws {
        let site = try site(["content/notes/a.md": text])
        await site.expectFailure([expected])
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWhereItCrossesIt() async throws {
        let depth = YAMLLimits.default.maxDepth
        let site = try site([
            "content/notes/deep.md": "---\ntitle: Deep\nsummary: " + String(repeating: "[", count: depth + 1)
                + String(repeating: "]", count: depth + 1) + "\n---\n",
            "content/notes/block.md": "---\ntitle: Deep\n" + (0..<(depth + 1)).map {
                String(repeating: "  ", count: $0) + "k\($0):"
            }.joined(separator: "\n") + " x\n---\n",
        ])
        await site.expectFailure([
            "content/notes/block.md:67:129: error: YAML nests deeper than 64 levels\n  hint: front matter should be a flat mapping of fields",
            "content/notes/deep.md:3:73: error: YAML nests deeper than 64 levels\n  hint: front matter should be a flat mapping of fields",
        ])
    }

    @Test(.timeLimit(.minutes(10))) func aMillionOpenBracketsFailFastAtTheLimit() async throws {
        let site = try site(["content/notes/deep.md": "---\ntitle: " + String(repeating: "[", count: 1_000_000) + "\n---\n"])
        await site.expectFailure([
            "content/notes/deep.md:2:71: error: YAML nests deeper than 64 levels\n  hint: front matter should be a flat mapping of fields",
        ])
    }

    @Test func tooManyValuesWithoutAnyAliasAreRefused() async throws {
        let list = (0..<10_001).map(String.init).joined(separator: ", ")
        let site = try site(["content/notes/many.md": "---\ntitle: Many\ntags: [\(list)]\n---\n"])
        let problems = await site.diagnostics()
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("content/notes/many.md:3:") == true)
        #expect(problems.first?.contains(": error: YAML expands to more than 10000 values") == true)
    }

    @Test func frontMatterOverTheSizeLimitIsRefusedAtItsFirstLine() async throws {
        let limit = YAMLLimits.default.maxBytes
        let yaml = "title: Big\nsummary: \"" + String(repeating: "a", count: limit) + "\"\n"
        let site = try site(["content/notes/big.md": "---\n" + yaml + "---\nBody.\n"])
        await site.expectFailure([
            "content/notes/big.md:2:1: error: front matter is \(yaml.utf8.count) bytes, more than the limit of \(limit)\n  hint: move long text into the Markdown body",
        ])
    }

    @Test func frontMatterJustUnderTheLimitBuilds() async throws {
        let value = String(repeating: "word ", count: 200_000)   // 1,000,000 bytes
        let site = try site(["content/notes/big.md": "---\ntitle: Big\nsummary: \"\(value)\"\n---\nBody.\n"])
        try await site.build()
        #expect(site.exists("public/notes/big/index.html"))
    }

    @Test(arguments: [
        "---\ntitle: !!binary aGVsbG8=\n---\n",
        "---\ntitle: !custom A\n---\n",
        "---\n%YAML 1.1\ntitle: A\n---\n",
        "---\ntitle: A\n---\n---\nstill body\n",
        "---\n&anchor\n---\n",
        "---\n- a\n- b\n---\n",
        "---\n\"just a string\"\n---\n",
    ])
    func oddDocumentsAreEitherTypedOrRefusedWithALocation(_ text: String) async throws {
        let site = try site(["content/notes/odd.md": text])
        let problems = await site.diagnostics()
        for problem in problems {
            #expect(problem.hasPrefix("content/notes/odd.md:"), "unlocated: \(problem)")
        }
    }
}
