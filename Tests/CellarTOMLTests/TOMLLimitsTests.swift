import CellarDiagnostics
import CellarTOML
import Testing

/// Hostile TOML is refused before toml11 sees it, at the place a limit is crossed: toml11 recurses
/// into nested arrays and inline tables, so depth is bounded by reading the text first.
@Suite struct TOMLLimitsTests {
    private let small = TOMLLimits(maxDepth: 4, maxValues: 20, maxBytes: 200)

    private func refusal(_ text: String, limits: TOMLLimits) -> String? {
        do {
            _ = try TOMLParser(limits: limits).parse(text, file: "a.md", firstLine: 2)
            return nil
        } catch {
            return error.description
        }
    }

    private static let tooDeep = "error: TOML nests deeper than 4 levels\n  hint: front matter should be a flat table of fields"

    /// Depth counts the document's table as one, like YAML's: `a.b.c = [1]` puts the array at 4.
    @Test(arguments: [
        "a.b.c = [1]\n", "a = [[[1]]]\n", "a = {b = {c = [1]}}\n", "[a.b]\nc = [1]\n", "[[a]]\nb = [1]\n", "[a]\nb.c = 1\n",
    ])
    func nestingUpToTheLimitIsRead(_ text: String) {
        #expect(refusal(text, limits: small) == nil)
    }

    @Test(arguments: [
        ("a = [[[[1]]]]\n", "a.md:2:8"),
        ("title = \"x\"\na = {b = {c = {d = {e = 1}}}}\n", "a.md:3:20"),
        ("a.b.c.d.e = 1\n", "a.md:2:1"),
        ("[a.b.c.d]\n", "a.md:2:1"),
        ("[[a.b.c]]\n", "a.md:2:1"),
        ("[a.b]\nc.d = [1]\n", "a.md:3:7"),
        ("a = [{b = [[1]]}]\n", "a.md:2:12"),
    ])
    func deeperNestingIsRefusedWhereItCrossesTheLimit(_ text: String, _ place: String) {
        #expect(refusal(text, limits: small) == "\(place): \(Self.tooDeep)")
    }

    @Test func tooManyValuesAreRefusedAtTheFirstOneBeyondTheLimit() {
        let text = "tags = [" + (1...25).map(String.init).joined(separator: ", ") + "]\n"
        #expect(refusal(text, limits: TOMLLimits(maxValues: 20)) ==
            "a.md:2:76: error: TOML holds more than 20 values\n  hint: front matter should be a short list of fields; move long data into the Markdown body")
    }

    @Test func aTextBeyondTheByteLimitIsRefusedAtItsStart() {
        #expect(refusal(String(repeating: "# padding\n", count: 30), limits: small) ==
            "a.md:2:1: error: TOML text is larger than the limit of 200 bytes\n  hint: move long text into the Markdown body")
    }

    /// Hundreds of kilobytes of brackets would overflow toml11's stack; they are refused at the 65th level.
    @Test(arguments: ["arrays", "inline tables", "dotted key", "header"])
    func hostileNestingIsRefusedWithoutExhaustingTheStack(_ shape: String) {
        let text = switch shape {
        case "arrays": "a = " + String(repeating: "[", count: 500_000)
        case "inline tables": "a = " + String(repeating: "{b = ", count: 100_000)
        case "dotted key": String(repeating: "a.", count: 200_000) + "b = 1"
        default: "[" + String(repeating: "a.", count: 200_000) + "b]"
        }
        let refusal = refusal(text, limits: TOMLLimits(maxBytes: 1 << 21))
        #expect(refusal?.hasSuffix("error: TOML nests deeper than 64 levels\n  hint: front matter should be a flat table of fields") == true,
                "\(refusal?.prefix(200) ?? "accepted")")
    }

    /// Brackets inside strings and comments are text, not nesting.
    @Test func bracketsInStringsAndCommentsDoNotCount() {
        let text = "a = \"[[[[[[\"\nb = '{{{{{{'\n# [[[[[[[[\nc = \"\"\"\n[[[[[[\n\"\"\"\nd = [\"]]]\", 1]\n"
        #expect(refusal(text, limits: small) == nil)
    }
}

/// Long lines: toml11 copies the line for every value it reads there, so many values on one long
/// line are refused; one long value is fine, and its neighbours' columns stay exact and cheap.
@Suite struct TOMLLongLineTests {
    @Test func aLongNonASCIILineKeepsExactColumns() throws {
        let long = String(repeating: "é", count: 300_000)
        let root = try TOMLParser().parse("tags = [\"\(long)\", 1]\n", file: "a.md")
        let last = try #require(root["tags"]?.items?.last)
        #expect(last.location == CellarDiagnostics.SourceLocation(file: "a.md", line: 1, column: 300_013))
    }

    @Test func manyValuesOnOneLongLineAreRefusedAtTheOneThatCrossesTheBudget() {
        // 41 values on a line of 158 bytes (the key, then 40 items): the 7th, item 6, makes 7 × 158 > 1000.
        let line = "tags = [" + (1...40).map { "\($0)" }.joined(separator: ", ") + "]"
        #expect(line.utf8.count == 158)
        let error = #expect(throws: Diagnostic.self) {
            try TOMLParser(limits: TOMLLimits(maxLineWork: 1000)).parse(line + "\n\nrating = 1\n", file: "a.md")
        }
        #expect(error?.description ==
            "a.md:1:24: error: this line of 158 bytes holds too many values to read in reasonable time\n  hint: write a long array with one item per line")
    }

    @Test func theSameValuesOneAPerLineAreRead() throws {
        let text = "tags = [\n" + (1...40).map { "  \($0),\n" }.joined() + "]\n"
        let root = try TOMLParser(limits: TOMLLimits(maxLineWork: 1000)).parse(text, file: "a.md")
        #expect(root["tags"]?.items?.count == 40)
    }
}
