import CellarEngine

/// One `cellar` command: parses its options, then runs.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    /// The usage line(s) and options, printed by `cellar help <command>`.
    static var help: String { get }
    init(parsing arguments: inout ArgumentList) throws(UsageError)
    func run(in environment: CommandEnvironment) async -> ExitStatus
}

/// What a command may use: the terminal and the working folder.
struct CommandEnvironment: Sendable {
    var terminal: Terminal
    var workingDirectory: String

    /// A path from the command line, made absolute against the working folder.
    func absolute(_ path: String) -> String {
        Paths.absolute(path, base: workingDirectory)
    }
}
