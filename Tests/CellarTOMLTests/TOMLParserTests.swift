import CellarDiagnostics
import CellarTOML
import CellarTree
import Testing

/// The toml11 wrapper builds the located tree the YAML side builds: every key and value keeps its
/// line and column in the content file, tables list their keys in source order, and values are
/// scalars whose style says whether the schema may read them as numbers, booleans or dates.
@Suite struct TOMLParserTests {
    private func outline(_ text: String, firstLine: Int = 2) throws -> [String] {
        Outline.lines(try TOMLParser().parse(text, file: "a.md", firstLine: firstLine))
    }

    private func place(_ line: Int, _ column: Int) -> CellarDiagnostics.SourceLocation {
        CellarDiagnostics.SourceLocation(file: "a.md", line: line, column: column)
    }

    // MARK: - Places

    @Test func keysAndValuesArePlacedInTheContentFileBelowTheFence() throws {
        let root = try TOMLParser().parse("title = \"Dune\"\nrating =  9\n", file: "a.md", firstLine: 2)
        #expect(root.location == place(2, 1))
        #expect(root.pairs?.map(\.key.location) == [place(2, 1), place(3, 1)])
        #expect(root["title"]?.location == place(2, 9))
        #expect(root["rating"]?.location == place(3, 11))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        #expect(try outline("\"crème\" = \"brûlée\"\n  \"été\".x = 1\n") == [
            "\"crème\"@2:1 = \"brûlée\"@2:11",
            "\"été\"@3:3 = {}@3:3",
            "  x@3:9 = 1@3:13",
        ])
    }

    @Test func keysKeepTheirSourceOrderThoughToml11sTablesAreUnordered() throws {
        let names = ["zeta", "alpha", "mid", "beta", "omega", "gamma", "delta", "kappa", "iota", "eta", "theta", "lambda"]
        let text = names.map { "\($0) = 1" }.joined(separator: "\n")
        let root = try TOMLParser().parse(text, file: "a.md")
        #expect(root.pairs?.compactMap(\.key.scalar) == names)
    }

    @Test func aTableIsPlacedAtItsHeaderAndItsKeyAtTheNameInside() throws {
        #expect(try outline("title = \"Dune\"\n\n[params]\n  poster = \"dune.jpg\"\n[params.cast]\nlead = \"Zendaya\"\n") == [
            "title@2:1 = \"Dune\"@2:9",
            "params@4:2 = {}@4:1",
            "  poster@5:3 = \"dune.jpg\"@5:12",
            "  cast@6:9 = {}@6:1",
            "    lead@7:1 = \"Zendaya\"@7:8",
        ])
    }

    @Test func dottedKeysBecomeNestedMappingsPlacedAtEachSegment() throws {
        #expect(try outline("a.b.c = 1\na . b.d = 2\n[x]\n  p.\"q r\" = 3\n") == [
            "a@2:1 = {}@2:1",
            "  b@2:3 = {}@2:3",
            "    c@2:5 = 1@2:9",
            "    d@3:7 = 2@3:11",
            "x@4:2 = {}@4:1",
            "  p@5:3 = {}@5:3",
            "    \"q r\"@5:5 = 3@5:13",
        ])
    }

    @Test func tablesNamedOnlyInsideAHeaderArePlacedThere() throws {
        #expect(try outline("[site.params]\ncolor = \"red\"\n[site]\nname = \"S\"\n") == [
            "site@4:2 = {}@4:1",
            "  params@2:7 = {}@2:1",
            "    color@3:1 = \"red\"@3:9",
            "  name@5:1 = \"S\"@5:8",
        ])
    }

    @Test func inlineTablesAreMappingsWithKeysInOrder() throws {
        #expect(try outline("cover = { image = \"a.png\", \"alt text\" = \"A\", size.w = 3 }\n") == [
            "cover@2:1 = {}@2:9",
            "  image@2:11 = \"a.png\"@2:19",
            "  \"alt text\"@2:28 = \"A\"@2:41",
            "  size@2:46 = {}@2:46",
            "    w@2:51 = 3@2:55",
        ])
    }

    @Test func arraysOfTablesAreSequencesOfMappingsEachAtItsHeader() throws {
        #expect(try outline("[[menu.main]]\nname = \"Home\"\nweight = 1\n[menu.main.params]\nicon = \"h\"\n\n[[menu.main]]\nname = \"Blog\"\n") == [
            "menu@2:3 = {}@2:1",
            "  main@2:8 = []@2:1",
            "    - {}@2:1",
            "      name@3:1 = \"Home\"@3:8",
            "      weight@4:1 = 1@4:10",
            "      params@5:12 = {}@5:1",
            "        icon@6:1 = \"h\"@6:8",
            "    - {}@8:1",
            "      name@9:1 = \"Blog\"@9:8",
        ])
    }

    @Test func arraysAreSequencesAcrossLinesWithCommentsAndATrailingComma() throws {
        #expect(try outline("tags = [\n  \"dune\",  # the book\n  \"sand\",\n]\naliases = [\"/old/\"]\nnested = [[1, 2], []]\n") == [
            "tags@2:1 = []@2:8",
            "  - \"dune\"@3:3",
            "  - \"sand\"@4:3",
            "aliases@6:1 = []@6:11",
            "  - \"/old/\"@6:12",
            "nested@7:1 = []@7:10",
            "  - []@7:11",
            "    - 1@7:12",
            "    - 2@7:15",
            "  - []@7:19",
        ])
    }

    @Test(arguments: [0, 1, 5])
    func anEmptyOrCommentOnlyTextIsAnEmptyMappingAtTheFirstLine(_ firstLine: Int) throws {
        for text in ["", "# nothing here\n\n"] {
            let root = try TOMLParser().parse(text, file: "a.md", firstLine: firstLine)
            #expect(root == LocatedNode(.mapping([]), at: place(firstLine, 1)))
        }
    }

    // MARK: - Values as the schema reads them

    @Test(arguments: [
        ("v = \"8\"", "\"8\"@2:5"),
        ("v = 'C:\\Users\\x'", "\"C:\\Users\\x\"@2:5"),
        ("v = \"tab\\there \\u00e9\\\"q\\\"\"", "\"tab\there é\"q\"\"@2:5"),
        ("v = \"\"\"\nDune:\n  Part Two\"\"\"", "\"Dune:\\n  Part Two\"@2:5"),
        ("v = \"\"\"\nline one \\\n    continued\n\"\"\"", "\"line one continued\\n\"@2:5"),
        ("v = '''\nraw \\n kept\n'''", "\"raw \\n kept\\n\"@2:5"),
        ("v = \"\"", "\"\"@2:5"),
    ])
    func stringsAreDoubleQuotedScalarsWithTheirDecodedText(_ line: String, _ expected: String) throws {
        #expect(try outline(line + "\n") == ["v@2:1 = " + expected])
    }

    @Test(arguments: [
        ("42", "42"), ("+5", "5"), ("-17", "-17"), ("1_000_000", "1000000"), ("0", "0"), ("-0", "0"),
        ("0xff", "255"), ("0xDEAD_beef", "3735928559"), ("0o17", "15"), ("0b1010", "10"),
        ("9223372036854775807", "9223372036854775807"), ("-9223372036854775808", "-9223372036854775808"),
    ])
    func integersArePlainScalarsInDecimal(_ written: String, _ text: String) throws {
        #expect(try outline("v = \(written)\n") == ["v@2:1 = \(text)@2:5"])
    }

    @Test(arguments: [
        ("3.14", "3.14"), ("-0.5", "-0.5"), ("+1.5", "+1.5"), ("1e6", "1e6"), ("6.626_070e-34", "6.626070e-34"),
        ("1E+2", "1E+2"), ("inf", "inf"), ("-inf", "-inf"), ("nan", "nan"), ("1e400", "1e400"),
    ])
    func floatsArePlainScalarsAsWrittenWithoutUnderscores(_ written: String, _ text: String) throws {
        #expect(try outline("v = \(written)\n") == ["v@2:1 = \(text)@2:5"])
    }

    @Test func booleansArePlainTrueAndFalse() throws {
        #expect(try outline("draft = true\nfeatured = false\n") == ["draft@2:1 = true@2:9", "featured@3:1 = false@3:12"])
    }

    /// Dates and times stay as written: the engine's date parser reads every form TOML allows
    /// (`T` or a space, fractions, `Z` or an offset); local date-times and dates take the site's
    /// time zone there, and a local time alone is text no `date` field accepts.
    @Test(arguments: [
        ("2023-06-01T09:00:00+02:00", "offset date-time"),
        ("2024-05-01T10:00:00Z", "offset date-time, UTC"),
        ("1979-05-27 07:32:00.999-07:00", "offset date-time with a space and a fraction"),
        ("1979-05-27t07:32:00z", "lower-case t and z"),
        ("1979-05-27T07:32:00", "local date-time"),
        ("1979-05-27T07:32:00.5", "local date-time with a fraction"),
        ("1979-05-27", "local date"),
        ("07:32:00", "local time"),
        ("00:32:00.999999", "local time with a fraction"),
    ])
    func datesAndTimesArePlainScalarsAsWritten(_ written: String, _ form: String) throws {
        #expect(try outline("d = \(written) # \(form)\n") == ["d@2:1 = \(written)@2:5"], "\(form)")
    }

    @Test func hugoStyleFrontMatterReadsAsItsYAMLTwinWould() throws {
        let text = """
            title = "Dune: Part Two"
            date = 2023-06-01T09:00:00+02:00
            draft = false
            tags = ["film", "sci-fi"]
            aliases = ["/reviews/dune-2/"]
            summary = '''
            Sand, worms
            and spice.'''
            # a comment line
            [params]
              rating = 9   # out of ten
              cast = [ "Zendaya", "Timothée Chalamet" ]

            """
        #expect(try outline(text) == [
            "title@2:1 = \"Dune: Part Two\"@2:9",
            "date@3:1 = 2023-06-01T09:00:00+02:00@3:8",
            "draft@4:1 = false@4:9",
            "tags@5:1 = []@5:8",
            "  - \"film\"@5:9",
            "  - \"sci-fi\"@5:17",
            "aliases@6:1 = []@6:11",
            "  - \"/reviews/dune-2/\"@6:12",
            "summary@7:1 = \"Sand, worms\\nand spice.\"@7:11",
            "params@11:2 = {}@11:1",
            "  rating@12:3 = 9@12:12",
            "  cast@13:3 = []@13:10",
            "    - \"Zendaya\"@13:12",
            "    - \"Timothée Chalamet\"@13:23",
        ])
    }
}
