/// One problem found in a site, reported in the compiler format
/// `content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found "ten"`.
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable, Codable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// What to do about it, printed on its own line below the message.
    public var hint: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    public static func note(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location, hint: hint)
    }

    /// The first line alone: `file:line:column: severity: message`.
    public var headline: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }

    public var description: String {
        headline + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}

/// A stage error that knows how to present itself to people.
public protocol DiagnosticConvertible: Error {
    var diagnostic: Diagnostic { get }
}

extension Diagnostic: DiagnosticConvertible {
    public var diagnostic: Diagnostic { self }
}
