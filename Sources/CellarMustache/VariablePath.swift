/// A tag's name, split at compile time: `.` (the top of the context stack), one key, or a dotted chain.
enum VariablePath: Sendable, Hashable {
    case implicit
    case key(String)
    /// Two or more keys: the first resolves against the context stack, each later one against
    /// the value before it.
    case dotted([String])

    /// Parses a trimmed tag name, or nil when it is not a valid name (spaces, empty parts).
    init?(_ name: String) {
        if name == "." {
            self = .implicit
            return
        }
        guard !name.isEmpty, !name.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return nil
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        self = parts.count == 1 ? .key(parts[0]) : .dotted(parts)
    }
}
