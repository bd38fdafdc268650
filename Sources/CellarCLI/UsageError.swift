/// A mistake in the command line: printed with the command's usage, exit status 2.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
