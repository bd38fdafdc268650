/// One problem found in a site, reported in the compiler format
/// `content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found "ten"`.
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a problem is: errors stop a build; warnings and notes are reported.
    public enum Severity: String, Hashable, Sendable, Comparable, Codable {
        /// The site cannot be built as it is; nothing is written.
        case error
        /// Probably a mistake; the site is built anyway.
        case warning
        /// Something worth knowing, such as the context of another diagnostic.
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        /// Errors sort before warnings, warnings before notes.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Whether it is an error, a warning or a note.
    public var severity: Severity
    /// What is wrong, in one sentence: `'rating' must be an integer from 0 to 10, found "ten"`.
    public var message: String
    /// Where: the file, line and column; nil for problems of no one place.
    public var location: SourceLocation?
    /// What to do about it, printed on its own line below the message.
    public var hint: String?

    /// A diagnostic of any severity; ``error(_:at:hint:)`` and its siblings read better.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// An error, which stops the build: a cell or page template may throw one to fail the build with its own words.
    public static func error(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint)
    }

    /// A warning: reported, and the site is built anyway.
    public static func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    /// A note: context for people, never a problem by itself.
    public static func note(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location, hint: hint)
    }

    /// The first line alone: `file:line:column: severity: message`.
    public var headline: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }

    /// The headline, then the hint on its own line: what `cellar` prints.
    public var description: String {
        headline + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}

/// A stage error that knows how to present itself to people.
package protocol DiagnosticConvertible: Error {
    var diagnostic: Diagnostic { get }
}

extension Diagnostic: DiagnosticConvertible {
    package var diagnostic: Diagnostic { self }
}
