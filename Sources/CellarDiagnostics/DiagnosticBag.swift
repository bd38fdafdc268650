/// Every diagnostic of a run, collected before anything fails, so people fix all of them in one pass.
public struct DiagnosticBag: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, in the order they were found (see ``sorted``).
    public private(set) var diagnostics: [Diagnostic] = []

    package init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    package mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    package mutating func error(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        append(.error(message, at: location, hint: hint))
    }

    package mutating func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        append(.warning(message, at: location, hint: hint))
    }

    /// Whether there is no diagnostic at all.
    public var isEmpty: Bool { diagnostics.isEmpty }
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// How many diagnostics are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Sorted by file, line and column (diagnostics without a place first), duplicates removed.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics
            .filter { seen.insert($0).inserted }
            .enumerated()
            .sorted { lhs, rhs in
                switch (lhs.element.location, rhs.element.location) {
                case let (l?, r?) where l != r: return l < r
                case (nil, _?): return true
                case (_?, nil): return false
                default: return lhs.offset < rhs.offset
                }
            }
            .map(\.element)
    }

    /// "2 errors, 1 warning", or "no problems".
    public var summary: String {
        let parts = [
            Self.count(errorCount, "error"),
            Self.count(warningCount, "warning"),
        ].compactMap { $0 }
        return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
    }

    /// Every diagnostic as `cellar` prints it, sorted, one after the other.
    public var description: String { sorted.map(\.description).joined(separator: "\n") }

    private static func count(_ n: Int, _ noun: String) -> String? {
        n == 0 ? nil : "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
