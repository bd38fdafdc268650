/// toml11's complaints in the words of people who write front matter: a message and what to do.
enum TOMLHints {
    /// - Parameters:
    ///   - headline: toml11's first line, without its prefix.
    ///   - note: toml11's words under its last marker.
    ///   - line: the text of the line the marker points into.
    static func describe(_ headline: String, note: String, line: String) -> (message: String, hint: String?) {
        switch headline {
        case let h where h.contains("missing key-value separator"):
            let hint = line.contains(":")
                ? "TOML writes key = value; 'key: value' is YAML, which goes between '---' lines"
                : "write each field as key = value, e.g. title = \"My title\""
            return ("malformed TOML: expected '=' after the key", hint)
        case let h where h.contains("missing value after key-value separator"):
            return ("malformed TOML: a value is missing after '='",
                    "write a value, e.g. title = \"My title\" (\"\" for empty text)")
        case let h where h.contains("empty key is not allowed"):
            return ("malformed TOML: a key is missing before '='", "write key = value")
        case let h where h.contains("invalid format for key"):
            return ("malformed TOML: invalid character in a key",
                    "separate the parts of a dotted key with '.'; bare keys use only A-Z, a-z, 0-9, '_' and '-', other keys are quoted: \"my key\" = 1")
        case let h where h.contains("an invalid key appeared"):
            return ("malformed TOML: a key is expected here",
                    "bare keys use only A-Z, a-z, 0-9, '_' and '-', other keys are quoted; a table header is written [name]")
        case let h where h.contains("unknown value appeared") || (h.isEmpty && note.contains("not a boolean")):
            return ("malformed TOML: this value is not a string, number, boolean, date, array or table",
                    "quote text: title = \"My title\"")
        case let h where h.contains("not a valid multiline"):
            return ("malformed TOML: this multi-line string is never closed",
                    "end it with the three quotes it starts with")
        case let h where h.contains("not a valid literal string"):
            return ("malformed TOML: this string is never closed",
                    "close it with ' on the same line, or use ''' for text over several lines")
        case let h where h.contains("not a valid string"):
            return ("malformed TOML: this string is never closed or holds an unknown escape",
                    "close it with \" on the same line; write \\\\ for a backslash, or use '…' to keep backslashes as written")
        case let h where h.contains("missing array separator"):
            return ("malformed TOML: items of an array need a ',' between them",
                    "separate items with ',' and close the array with ']'")
        case let h where h.contains("array did not closed"):
            return ("malformed TOML: this array is never closed", "close it with ']'")
        case let h where h.contains("invalid format appeared in an array"):
            return ("malformed TOML: this array item is not a valid value", "quote text items: tags = [\"a\", \"b\"]")
        case let h where h.contains("missing table separator"):
            return ("malformed TOML: items of an inline table need a ',' between them",
                    "write inline tables on one line: { a = 1, b = 2 }")
        case let h where h.contains("newline required after"):
            return ("malformed TOML: a table header must be alone on its line", "put the key = value lines below the [header]")
        case let h where h.contains("missing curly brace"):
            return ("malformed TOML: this inline table is never closed", "close it with '}' on the same line")
        case let h where h.contains("trailing comma is not allowed"):
            return ("malformed TOML: an inline table cannot end with ','", "remove the last ','")
        case let h where h.contains("invalid date"):
            return ("malformed TOML: this date does not exist",
                    "write dates as YYYY-MM-DD with a month from 01 to 12 and a day of that month, e.g. 2024-05-01")
        case let h where h.contains("invalid time"):
            return ("malformed TOML: this time does not exist",
                    "write times as HH:MM:SS from 00:00:00 to 23:59:59, e.g. 2024-05-01T09:30:00+02:00")
        case let h where h.contains("bad offset"):
            return ("malformed TOML: invalid time zone offset", "write Z or an offset such as +02:00 or -05:30")
        case let h where h.contains("bad datetime"):
            return ("malformed TOML: invalid date-time",
                    "write 2024-05-01T09:30:00, with Z or an offset such as +02:00 for a zone")
        case let h where h.contains("bad time"):
            return ("malformed TOML: a time needs hours, minutes and seconds", "write 09:30:00, not 09:30")
        case let h where h.contains("should be surrounded by digits"):
            return ("malformed TOML: '_' in a number must stand between two digits", "write 1_000, not 1__000 or 1000_")
        case let h where h.contains("bad float") || (h.isEmpty && note.contains("not a float")):
            return ("malformed TOML: invalid number", "write numbers as 1.5, -2e-2 or 3.141_592; a '.' needs digits on both sides")
        case let h where h.contains("leading zero"):
            return ("malformed TOML: a number cannot start with 0", "write 7, not 07; quote it to keep it as text: \"07\"")
        case let h where h.contains("unknown integer prefix") || (h.isEmpty && note.contains("not an integer")):
            return ("malformed TOML: invalid integer", "write integers as 42, 1_000, 0xff, 0o17 or 0b101")
        case let h where h.contains("invalid line format"):
            return ("malformed TOML: unexpected text after the value",
                    "write one key = value per line; quote text with spaces: title = \"Dune Part Two\"")
        case let h where h.contains("unknown line appeared"):
            return ("malformed TOML: this line is neither key = value nor a [table] header",
                    "write key = value, or [name] to start a table")
        default:
            let what = headline.isEmpty ? note : headline + (note.isEmpty ? "" : " (\(note))")
            return ("malformed TOML: \(what)", nil)
        }
    }
}
