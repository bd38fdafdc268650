import CellarTree
import CellarDiagnostics
import CellarYAML
import Testing

/// The libyaml wrapper: nodes keep their places and styles, and hostile or ambiguous YAML is refused
/// with a located diagnostic.
@Suite struct YAMLParserTests {
    private func parse(_ text: String, firstLine: Int = 1, limits: YAMLLimits = .default) throws(Diagnostic) -> LocatedNode? {
        try YAMLParser(limits: limits).parse(text, file: "a.md", firstLine: firstLine)
    }

    private func place(_ line: Int, _ column: Int) -> CellarDiagnostics.SourceLocation {
        CellarDiagnostics.SourceLocation(file: "a.md", line: line, column: column)
    }

    /// Expects `text` to be refused with exactly `expected` (headline, and hint line when there is one).
    private func expectRefused(
        _ text: String, _ expected: String, firstLine: Int = 1, limits: YAMLLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            let node = try parse(text, firstLine: firstLine, limits: limits)
            Issue.record("parsed without an error: \(String(describing: node))", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == expected, sourceLocation: sourceLocation)
        }
    }

    // MARK: - Places

    @Test func marksAreOneBasedAndOffsetByTheFirstLine() throws {
        let root = try #require(try parse("title: Dune\nrating:  9\ncast:\n  - Zendaya\n", firstLine: 2))
        #expect(root.location == place(2, 1))
        let pairs = try #require(root.pairs)
        #expect(pairs.map(\.key.location) == [place(2, 1), place(3, 1), place(4, 1)])
        #expect(root["title"]?.location == place(2, 8))
        #expect(root["rating"]?.location == place(3, 10))
        #expect(root["cast"]?.items?.first?.location == place(5, 5))
    }

    @Test func aQuotedScalarStartsAtItsOpeningQuote() throws {
        let root = try #require(try parse("a: 'x'\nb:   \"y\"\n"))
        #expect(root["a"]?.location == place(1, 4))
        #expect(root["b"]?.location == place(2, 6))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try #require(try parse("crème: brûlée\n"))
        #expect(root["crème"]?.location == place(1, 8))
    }

    // MARK: - Values as written

    @Test(arguments: [
        ("v: no", "no", LocatedNode.ScalarStyle.plain),
        ("v: 1.10", "1.10", .plain),
        ("v: 'no'", "no", .singleQuoted),
        ("v: \"1.10\"", "1.10", .doubleQuoted),
        ("v: |\n  one\n  two\n", "one\ntwo\n", .literal),
        ("v: >\n  one\n  two\n", "one two\n", .folded),
    ])
    func scalarsStayTextWithTheirStyle(_ yaml: String, _ text: String, _ style: LocatedNode.ScalarStyle) throws {
        let root = try #require(try parse(yaml))
        #expect(root["v"]?.value == .scalar(text, style: style))
        #expect(root["v"]?.scalar == text)
    }

    @Test(arguments: [("v:", true), ("v: ~", true), ("v: null", true), ("v: NULL", true), ("v: 'null'", false),
                      ("v: \"\"", false), ("v: nil", false)])
    func onlyPlainNullsAreNull(_ yaml: String, _ isNull: Bool) throws {
        let root = try #require(try parse(yaml))
        #expect(root["v"]?.isNull == isNull)
    }

    @Test func explicitTagsAreKept() throws {
        let root = try #require(try parse("v: !!str 1\n"))
        #expect(root["v"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["v"]?.isNull == false)
    }

    @Test func sequencesAndMappingsNest() throws {
        let root = try #require(try parse("a: [1, [2, 3]]\nb: {c: d}\n"))
        #expect(root["a"]?.items?.count == 2)
        #expect(root["a"]?.items?[1].items?.map(\.scalar) == ["2", "3"])
        #expect(root["b"]?["c"]?.scalar == "d")
        #expect(root["a"]?.shortDescription == "a list")
        #expect(root["b"]?.shortDescription == "a mapping")
    }

    @Test func emptyTextIsNoDocument() throws {
        #expect(try parse("") == nil)
    }

    @Test func shortDescriptionsQuoteClipAndEscapeNewlines() throws {
        let root = try #require(try parse("a: ten\nb: |\n  x\n  y\nc: \(String(repeating: "z", count: 45))\n"))
        #expect(root["a"]?.shortDescription == "\"ten\"")
        #expect(root["b"]?.shortDescription == "\"x\\ny\\n\"")
        #expect(root["c"]?.shortDescription == "\"\(String(repeating: "z", count: 40))…\"")
    }

    // MARK: - Refusals

    @Test func duplicateKeysAreRefusedNamingBothLines() {
        expectRefused("title: A\nrating: 1\ntitle: B\n",
                      "a.md:4:1: error: duplicate key 'title'; it is already set on line 2\n  hint: keep one of the two lines",
                      firstLine: 2)
    }

    @Test func duplicateKeysInsideANestedMappingAreRefusedToo() {
        expectRefused("markdown:\n  unsafe: true\n  unsafe: false\n",
                      "a.md:3:3: error: duplicate key 'unsafe'; it is already set on line 2\n  hint: keep one of the two lines")
    }

    @Test func theSameKeyInTwoMappingsIsFine() throws {
        let root = try #require(try parse("a: {x: 1}\nb: {x: 2}\n"))
        #expect(root["b"]?["x"]?.scalar == "2")
    }

    @Test func unknownAliasesAreRefused() {
        expectRefused("cast: *actors\n",
                      "a.md:1:7: error: unknown alias '*actors'\n  hint: define it first with '&actors'")
    }

    @Test func aliasesCopyTheirAnchor() throws {
        let root = try #require(try parse("a: &x [1, 2]\nb: *x\n"))
        #expect(root["b"]?.items?.map(\.scalar) == ["1", "2"])
    }

    @Test func anAliasBombIsRefusedAtTheAliasThatCrossesTheLimit() {
        // key a, five scalars and the list: 7 nodes; key b: 8; each *a copies 6 more: 14, 20, then 26 > 20.
        expectRefused("a: &a [1, 2, 3, 4, 5]\nb: [*a, *a, *a]\n",
                      "a.md:2:13: error: YAML expands to more than 20 values\n  hint: aliases ('*name') that copy large values many times are refused",
                      limits: YAMLLimits(maxNodes: 20))
    }

    @Test func aBillionLaughsIsRefusedByTheDefaultLimit() {
        var yaml = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        do {
            _ = try parse(yaml)
            Issue.record("an alias bomb was accepted")
        } catch {
            #expect(error.message == "YAML expands to more than \(YAMLLimits.default.maxNodes) values")
            #expect(error.location?.line == 4)   // d: ten copies of c (1111 nodes each) cross 10000
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        expectRefused("a:\n  b:\n    c:\n      d: 1\n",
                      "a.md:4:7: error: YAML nests deeper than 3 levels\n  hint: front matter should be a flat mapping of fields",
                      limits: YAMLLimits(maxDepth: 3))
        expectRefused("a: [[[1]]]\n",
                      "a.md:1:6: error: YAML nests deeper than 3 levels\n  hint: front matter should be a flat mapping of fields",
                      limits: YAMLLimits(maxDepth: 3))
    }

    @Test func theDefaultDepthLimitStopsRunawayNesting() {
        let deep = "a: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        do {
            _ = try parse(deep)
            Issue.record("200 levels of nesting were accepted")
        } catch {
            #expect(error.message == "YAML nests deeper than \(YAMLLimits.default.maxDepth) levels")
        }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        #expect(try parse("a: [[1]]\n", limits: YAMLLimits(maxDepth: 3)) != nil)
    }

    @Test func textLongerThanTheByteLimitIsRefused() {
        expectRefused("title: something long\n",
                      "a.md:3:1: error: front matter is 22 bytes, more than the limit of 10\n  hint: move long text into the Markdown body",
                      firstLine: 3, limits: YAMLLimits(maxBytes: 10))
    }

    @Test func aSecondDocumentIsRefused() {
        expectRefused("a: 1\n---\nb: 2\n",
                      "a.md:2:1: error: front matter holds more than one YAML document\n  hint: remove the extra '---' or '...' line")
    }

    @Test func keysMustBeText() {
        expectRefused("[a, b]: 1\n", "a.md:1:1: error: a key must be plain text, found a list")
    }

    @Test(arguments: [
        ("title: Dune: Part Two\n",
         "a.md:2:12: error: malformed YAML: mapping values are not allowed in this context\n  hint: a value that contains ': ' must be quoted, e.g. title: \"Dune: Part Two\""),
        ("title: [unclosed\nrating: 9\n",
         "a.md:3:7: error: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)\n  hint: a list in brackets needs commas between items and a closing ']'"),
        // Reported at the quote that is never closed, not at the end of the front matter where libyaml notices.
        ("title: \"open\nrating: 9\n",
         "a.md:2:8: error: malformed YAML: found unexpected end of stream (while scanning a quoted scalar)\n  hint: the quote that starts here is never closed: the value runs to the end of the front matter (line 4)"),
        ("title: Dune\nsummary: 'A desert planet\nrating: 9\ncast: [Zendaya]\n",
         "a.md:3:10: error: malformed YAML: found unexpected end of stream (while scanning a quoted scalar)\n  hint: the quote that starts here is never closed: the value runs to the end of the front matter (line 6)"),
        ("title: A\nhome: @me\n",
         "a.md:3:7: error: malformed YAML: found character that cannot start any token (while scanning for the next token)\n  hint: YAML indents with spaces, never tabs; quote values that start with '@' or '`'"),
        ("cast:\n\t- Zendaya\n",
         "a.md:3:1: error: malformed YAML: found character that cannot start any token (while scanning for the next token)\n  hint: YAML indents with spaces, never tabs; quote values that start with '@' or '`'"),
    ])
    func malformedYAMLReportsLibyamlsProblemWithAHint(_ yaml: String, _ expected: String) {
        expectRefused(yaml, expected, firstLine: 2)
    }

    @Test func aTabIndentingAKeyGetsTheTabHintToo() {
        // libyaml words this form of the mistake differently from the one YAMLHints matches, so no hint is given.
        expectRefused("title: A\n\trating: 9\n",
                      "a.md:3:1: error: malformed YAML: found a tab character that violates indentation (while scanning a plain scalar)\n  hint: YAML indents with spaces, never tabs; quote values that start with '@' or '`'",
                      firstLine: 2)
    }
}
