/// A tag's name, split at compile time: `.` (the top of the context stack), one key, or a dotted chain.
enum VariablePath: Sendable, Hashable {
    case implicit
    case key(String)
    /// Two or more keys: the first resolves against the context stack, each later one against
    /// the value before it.
    case dotted(String, [String])

    /// Parses a trimmed tag name, or nil when it is not a valid name (spaces, empty parts).
    init?(_ name: String) {
        if name == "." {
            self = .implicit
            return
        }
        guard !name.isEmpty, !name.utf8.contains(where: TemplateParser.isWhitespace) else {
            return nil
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !parts.contains(where: \.isEmpty) else { return nil }
        self = parts.count == 1 ? .key(first) : .dotted(first, Array(parts.dropFirst()))
    }
}

extension VariablePath {
    /// The name as written in the tag, for messages.
    var name: String {
        switch self {
        case .implicit: "."
        case .key(let key): key
        case .dotted(let first, let rest): ([first] + rest).joined(separator: ".")
        }
    }
}
