/// Advice for libyaml's most common complaints, in words people who write front matter use.
enum YAMLHints {
    static func hint(for problem: String) -> String? {
        switch problem {
        case let p where p.contains("mapping values are not allowed"):
            return "a value that contains ': ' must be quoted, e.g. title: \"Dune: Part Two\""
        case let p where p.contains("found character that cannot start any token") || p.contains("tab character"):
            return "YAML indents with spaces, never tabs; quote values that start with '@' or '`'"
        case let p where p.contains("could not find expected ':'"):
            return "each line of a mapping needs 'key: value'; quote values that span lines"
        case let p where p.contains("did not find expected key"):
            return "check the indentation: keys of one mapping must line up"
        case let p where p.contains("found unexpected end of stream"):
            return "a quote or bracket is never closed"
        case let p where p.contains("did not find expected ',' or ']'"):
            return "a list in brackets needs commas between items and a closing ']'"
        case let p where p.contains("found undefined tag handle"):
            return "remove the '!' tag, or quote the value"
        default:
            return nil
        }
    }
}
