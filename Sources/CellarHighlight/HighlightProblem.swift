import CellarDiagnostics

/// Something the author should hear about a code block: an unknown language, an option that is
/// malformed or has no effect, a block the library could not highlight. Highlighting never fails:
/// the block is still drawn (as plain code when nothing else works).
package struct HighlightProblem: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        case unknownLanguage, malformedOption, unknownOption, ignoredOption, lineOutOfRange, highlightingFailed
    }

    package var kind: Kind
    package var message: String
    /// What to do about it.
    package var hint: String?
    /// Where the problem is in the attribute text (the part of the info string after the
    /// language), in Unicode scalars from its start; `nil` when it is about the block as a whole.
    package var offset: Int?

    package init(_ kind: Kind, _ message: String, hint: String? = nil, offset: Int? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.offset = offset
    }

    /// A warning at the problem's place, given where the attribute text starts in the file (its
    /// column counted in Unicode scalars, as ``SourceLocation`` counts them).
    package func diagnostic(attributesAt start: SourceLocation) -> Diagnostic {
        var location = start
        if let offset { location.column += offset }
        return .warning(message, at: location, hint: hint)
    }

    package var description: String {
        (offset.map { "\($0): " } ?? "") + message + (hint.map { " (\($0))" } ?? "")
    }
}
