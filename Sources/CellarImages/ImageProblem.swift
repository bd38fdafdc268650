/// Why an image could not be processed, or what was done about something odd in it.
package struct ImageProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Reason: String, Sendable, Codable {
        case notAnImage, unreadable, tooManyPixels, truncated, wrongExtension, hugeProfile, animated, cannotWrite, libraryMissing
    }

    package var reason: Reason
    package var message: String
    /// What to do about it.
    package var hint: String?

    package init(_ reason: Reason, _ message: String, hint: String? = nil) {
        self.reason = reason
        self.message = message
        self.hint = hint
    }

    package var description: String { message + (hint.map { " (\($0))" } ?? "") }
}
