import CellarDiagnostics

/// What checking a site found (``Site/check()``, `cellar check`).
public struct CheckReport: Sendable {
    /// Every problem, sorted by place, without repeats.
    public var diagnostics: [Diagnostic]
    /// HTML pages of the site as built (0 when the build failed).
    public var pages: Int
    /// Published items (0 when the build failed).
    public var items: Int
    /// Whether the site built; when not, only the build's problems are known.
    public var built: Bool

    /// Where the build published each item: its file under `content/` (`posts/a.md`) → its URL (`/posts/a/`).
    package var itemURLs: [String: String] = [:]

    /// Whether any problem is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
