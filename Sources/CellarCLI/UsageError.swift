/// A mistake in the command line: printed with the command's usage, exit status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The command whose usage to print (nil: the general usage).
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
