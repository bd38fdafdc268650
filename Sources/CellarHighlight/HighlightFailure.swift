/// Why the library could not highlight: its own message (a definition's `file:line: problem`,
/// an I/O error, a regular expression that gave up).
struct HighlightFailure: Error, Equatable {
    var reason: String
    /// Whether the block's time limit stopped it.
    var timedOut = false
}

/// What building a definition found (see `CSHDefinitionInfo`).
struct DefinitionReport: Equatable {
    var rules: Int
    var boostRules: Int
    var serialised: Bool
}
