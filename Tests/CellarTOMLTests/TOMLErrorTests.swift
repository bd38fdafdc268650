import CellarDiagnostics
import CellarTOML
import Testing

/// Malformed TOML is one diagnostic at the most precise place toml11 knows, in a short message with
/// a hint, never toml11's caret excerpt. Texts start on line 2, as front matter does.
@Suite struct TOMLErrorTests {
    private func refusal(_ text: String, limits: TOMLLimits = .default) -> String? {
        do {
            _ = try TOMLParser(limits: limits).parse(text, file: "a.md", firstLine: 2)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("title: Dune\n",
         "a.md:2:6: error: malformed TOML: expected '=' after the key\n  hint: TOML writes key = value; 'key: value' is YAML, which goes between '---' lines"),
        ("title \"Dune\"\n",
         "a.md:2:6: error: malformed TOML: expected '=' after the key\n  hint: write each field as key = value, e.g. title = \"My title\""),
        ("title = \n",
         "a.md:2:9: error: malformed TOML: a value is missing after '='\n  hint: write a value, e.g. title = \"My title\" (\"\" for empty text)"),
        ("title = Dune\n",
         "a.md:2:9: error: malformed TOML: this value is not a string, number, boolean, date, array or table\n  hint: quote text: title = \"My title\""),
        ("title = \"Dune\nrating = 9\n",
         "a.md:2:9: error: malformed TOML: this string is never closed\n  hint: close it with \" on the same line, or use \"\"\" for text over several lines"),
        ("path = \"C:\\Users\"\n",
         "a.md:2:8: error: malformed TOML: this string holds an unknown escape\n  hint: write \\\\ for a backslash, or use '…' to keep backslashes as written"),
        ("summary = '''\nnever closed\n",
         "a.md:2:11: error: malformed TOML: this multi-line string is never closed\n  hint: end it with the three quotes it starts with"),
        ("tags = [\"a\" \"b\"]\n",
         "a.md:2:13: error: malformed TOML: items of an array need a ',' between them\n  hint: separate items with ',' and close the array with ']'"),
        ("title = \"Dune\"\ntags = [\"a\", \"b\"\n",
         "a.md:3:8: error: malformed TOML: this array is never closed\n  hint: separate items with ',' and close the array with ']'"),
        ("cover = { image = \"a.png\"\n",
         "a.md:2:26: error: malformed TOML: this inline table is never closed\n  hint: close it with '}' on the same line"),
        ("date = 2024-13-01\n",
         "a.md:2:8: error: malformed TOML: this date does not exist\n  hint: write dates as YYYY-MM-DD with a month from 01 to 12 and a day of that month, e.g. 2024-05-01"),
        ("date = 2024-05-01T25:00:00Z\n",
         "a.md:2:8: error: malformed TOML: this time does not exist\n  hint: write times as HH:MM:SS from 00:00:00 to 23:59:59, e.g. 2024-05-01T09:30:00+02:00"),
        ("date = 2024-05-01T09:30\n",
         "a.md:2:8: error: malformed TOML: a time needs hours, minutes and seconds\n  hint: write 09:30:00, not 09:30"),
        ("date = 2024-05-01T09:30:00+2\n",
         "a.md:2:8: error: malformed TOML: invalid time zone offset\n  hint: write Z or an offset such as +02:00 or -05:30"),
        ("date = 2024-05-01T09:30:00.\n",
         "a.md:2:27: error: malformed TOML: unexpected text after the value\n  hint: write one key = value per line; quote text with spaces: title = \"Dune Part Two\""),
        ("cover = { image = \"a.png\" alt = \"A\" }\n",
         "a.md:2:27: error: malformed TOML: items of an inline table need a ',' between them\n  hint: write inline tables on one line: { a = 1, b = 2 }"),
        ("[params] x = 1\n",
         "a.md:2:9: error: malformed TOML: a table header must be alone on its line\n  hint: put the key = value lines below the [header]"),
        ("views = 1__000\n",
         "a.md:2:10: error: malformed TOML: '_' in a number must stand between two digits\n  hint: write 1_000, not 1__000 or 1000_"),
        ("tags = [\"a\", b]\n",
         "a.md:2:14: error: malformed TOML: this array item is not a valid value\n  hint: quote text items: tags = [\"a\", \"b\"]"),
        ("rating = 07\n",
         "a.md:2:10: error: malformed TOML: a number cannot start with 0\n  hint: write 7, not 07; quote it to keep it as text: \"07\""),
        ("rating = 9 out of 10\n",
         "a.md:2:12: error: malformed TOML: unexpected text after the value\n  hint: write one key = value per line; quote text with spaces: title = \"Dune Part Two\""),
        ("my title = 1\n",
         "a.md:2:3: error: malformed TOML: invalid character in a key\n  hint: separate the parts of a dotted key with '.'; bare keys use only A-Z, a-z, 0-9, '_' and '-', other keys are quoted: \"my key\" = 1"),
        ("[params\nx = 1\n",
         "a.md:2:1: error: malformed TOML: a key is expected here\n  hint: bare keys use only A-Z, a-z, 0-9, '_' and '-', other keys are quoted; a table header is written [name]"),
    ])
    func malformedTOMLIsOneShortMessageAtThePlaceWithAHint(_ text: String, _ expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test(arguments: [
        ("title = \"Dune\"\nrating = 9\ntitle = \"Dune 2\"\n",
         "a.md:4:1: error: duplicate key 'title'; it is already set on line 2\n  hint: keep one of the two lines"),
        ("[params]\n  cast.lead = \"A\"\n  cast.lead = \"B\"\n",
         "a.md:4:3: error: duplicate key 'cast.lead'; it is already set on line 3\n  hint: keep one of the two lines"),
        ("[params]\nx = 1\n\n[params]\ny = 2\n",
         "a.md:5:1: error: table [params] is defined twice; it is already defined on line 2\n  hint: merge the two tables into one"),
        ("params = 1\nparams.x = 2\n",
         "a.md:3:1: error: 'params' is already set to a value on line 2, so it cannot hold keys\n  hint: rename one of them, or make 'params' a table"),
        ("cover = { image = \"a.png\" }\ncover.alt = \"A\"\n",
         "a.md:3:1: error: 'cover' is an inline table (line 2), which cannot get more keys later\n  hint: add the key inside its braces, or write 'cover' as a [cover] table"),
        ("[[cast]]\nname = \"A\"\n[cast]\n",
         "a.md:4:1: error: table [cast] clashes with the array of tables [[cast]] on line 2\n  hint: write [[cast]] to add an entry to the array, or rename the table"),
        ("[cast]\nname = \"A\"\n[[cast]]\n",
         "a.md:4:1: error: array of tables [[cast]] clashes with the table [cast] on line 2\n  hint: use either [cast] or [[cast]], not both"),
        ("cast = [\"A\"]\n[[cast]]\n",
         "a.md:3:1: error: array of tables [[cast]] clashes with 'cast' set on line 2\n  hint: rename one of them"),
    ])
    func keysAndTablesDefinedTwiceAreReportedAtTheSecondNamingTheFirst(_ text: String, _ expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test(arguments: ["99999999999999999999", "9223372036854775808", "-9223372036854775809", "0xFFFFFFFFFFFFFFFF"])
    func integersBeyond64BitsAreRefusedNotWrapped(_ written: String) {
        #expect(refusal("title = \"T\"\nrating = \(written)\n") ==
            "a.md:3:10: error: the integer \(written) does not fit in 64 bits\n  hint: TOML integers lie between -9223372036854775808 and 9223372036854775807; quote the number to keep it as text")
    }

    @Test func columnsOfErrorsCountCharactersNotBytes() {
        #expect(refusal("titre = \"Thé\" été = 1\n") ==
            "a.md:2:15: error: malformed TOML: unexpected text after the value\n  hint: write one key = value per line; quote text with spaces: title = \"Dune Part Two\"")
    }
}
